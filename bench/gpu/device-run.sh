#!/bin/bash
# bench:render on a lent GPU machine (`device` tool), from the payload bench/gpu/pack.sh made.
# Runs there, in the repo's root, as root. The payload is too big for one call, so it travels in
# three: `bash .gpu/p1/stage.sh`, then `bash .gpu/p2/stage.sh` (each copies its chunk to the
# machine's disk; call them back to back: a machine idle for 30 s is given back, chunks and all),
# then, carrying .gpu/p3 and .gl:
#   bash .gpu/p3/device-run.sh run 'NAME:SECONDS:ENV=VAL;ENV=VAL' ...
# which unpacks everything, starts the bundled server and runs the bundled bench once per spec
# (output in $OUT/NAME.txt). `local` instead of `run` reuses what an earlier call unpacked.
set -u
S=/root/vpos-stage
V=/opt/vpos
OUT=${OUT:-/tmp/out}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p $S $OUT
case "${1:-}" in
  run)
    cp "$HERE"/part.* $S/
    (cd $S && sha256sum -c "$HERE/SHA256SUMS") || { echo 'MISSING CHUNKS: stage p1 and p2 again'; exit 3; }
    rm -rf $V && mkdir -p $V && cat $S/part.* | xz -d | tar -x -C $V || exit 4
    # glvnd and the Vulkan loader (Debian's), for the NVIDIA driver's EGL and Vulkan
    for f in .gl/*.deb; do dpkg -x "$f" /; done
    ldconfig
    ;;
  local) [ -x $V/node ] || { echo "nothing unpacked in $V: use run"; exit 3; } ;;
  *) echo "usage: $0 run|local SPEC..."; exit 2 ;;
esac
shift
# Chromium's libraries, only those the machine lacks (its own win where it has one)
ldconfig -p | awk 'NR>1{print $1}' | sort -u > /tmp/have-libs
rm -rf $V/uselib && mkdir -p $V/uselib
for f in $V/lib/*.so*; do
  n=$(basename "$f")
  grep -qx "$n" /tmp/have-libs || ln -s "$f" $V/uselib/"$n"
done
# NSS loads its modules from the folder libnss3 was loaded from
[ -e $V/uselib/libnss3.so ] && ln -sf $V/lib/nss/* $V/uselib/
echo "carried libraries in use: $(ls $V/uselib | tr '\n' ' ')"
export LD_LIBRARY_PATH=$V/uselib
for j in /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json /usr/share/vulkan/icd.d/nvidia_icd.json; do
  [ -f $j ] && export VK_DRIVER_FILES=$j && break
done
for j in /usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json /usr/share/glvnd/egl_vendor.d/10_nvidia.json; do
  [ -f $j ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$j && break
done
echo "VK_DRIVER_FILES=${VK_DRIVER_FILES:-} __EGL_VENDOR_LIBRARY_FILENAMES=${__EGL_VENDOR_LIBRARY_FILENAMES:-}"
ldd $V/chromium/chromium | grep 'not found'
export CHROMIUM_PATH=$V/chromium/chromium
P=${BENCH_PORT:-5199}
(cd $V/app && NODE_ENV=production CLIENT_DIR=$V/app/client PORT=$P HOST=127.0.0.1 \
  PUBLIC_ORIGIN=http://127.0.0.1:$P DATABASE_URL=sqlite::memory: LOG_LEVEL=warn \
  exec $V/node server.mjs) > $OUT/server.log 2>&1 &
SRV=$!
for _ in $(seq 60); do
  $V/node -e "fetch('http://127.0.0.1:$P/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" && break
  sleep 0.5
done
export BENCH_URL=http://127.0.0.1:$P
for spec in "$@"; do
  # NAME:SECONDS:ENV=VAL;ENV=VAL — e.g. 'gpu:280:BENCH_GPU=1', or SwiftShader on this machine's
  # cores: 'sw:140:VK_DRIVER_FILES=/opt/vpos/chromium/vk_swiftshader_icd.json' (the NVIDIA ICD
  # above would otherwise serve --use-angle=swiftshader too)
  name=${spec%%:*}; rest=${spec#*:}; secs=${rest%%:*}; envs=${rest#*:}
  echo "=== $name ($envs, at most $secs s) ==="
  # shellcheck disable=SC2046
  (cd $V/app && env $(echo "$envs" | tr ';' ' ') timeout "$secs" $V/node render.bench.mjs) 2>&1 | tee $OUT/"$name".txt
  if grep -q 'BENCH_GPU=1' <<<"$envs" && ! grep -q 'whole Swarm' $OUT/"$name".txt; then
    (cd $V/app && timeout 60 $V/node gpu-info.mjs) > $OUT/gpuinfo.txt 2>&1
    grep -v '^\[' $OUT/gpuinfo.txt | head -120
  fi
done
nvidia-smi > $OUT/nvidia-smi.txt 2>&1
kill $SRV
