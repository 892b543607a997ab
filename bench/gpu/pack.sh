#!/bin/bash
# Packs what bench:render needs on a lent GPU machine, which reaches no registry and has neither
# Node.js nor a browser: this machine's Debian Chromium and the libraries it links (the device
# script uses only those the GPU machine lacks), this machine's node, the client build, the server
# and the bench bundled by esbuild (better-sqlite3 and playwright-core beside them), and Debian's
# glvnd and Vulkan loader in .gl. xz with the x86 filter makes it about 141 MB, over one call's
# 64 MiB, so it is split into three chunks: .gpu/p1, .gpu/p2, .gpu/p3 (the last with the scripts).
# Then, with the `device` tool, back to back:
#   run carry=[".gpu/p1"]         bash .gpu/p1/stage.sh
#   run carry=[".gpu/p2"]         bash .gpu/p2/stage.sh
#   run carry=[".gpu/p3", ".gl"]  bash .gpu/p3/device-run.sh run 'gpu:280:BENCH_GPU=1'
# .gpu and .gl must be ignored (.git/info/exclude): they travel only as carried paths.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
for d in .gpu .gl; do
  git check-ignore -q "$d" || { echo "add /$d/ to .git/info/exclude first"; exit 2; }
done
[ -x /usr/lib/chromium/chromium ] || { echo 'install Debian’s chromium: apt-get install -y chromium'; exit 2; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p $W/chromium/locales $W/lib/nss $W/app/node_modules/better-sqlite3/build/Release
echo 'building the client and the bundles …'
npx vite build --logLevel warn --outDir $W/app/client --emptyOutDir
ESB=(npx esbuild --bundle --platform=node --format=esm --target=node20 --log-level=warning)
"${ESB[@]}" server/main.ts --external:better-sqlite3 --external:pg-native --outfile=$W/app/server.mjs \
  --banner:js="import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);"
for b in render.bench.ts gpu-info.ts; do
  "${ESB[@]}" bench/$b --alias:@playwright/test=playwright-core --external:playwright-core \
    --external:vite --outfile=$W/app/${b%.*}.mjs
done
cp -a node_modules/{bindings,file-uri-to-path,playwright-core} $W/app/node_modules/
cp -a node_modules/better-sqlite3/{lib,package.json} $W/app/node_modules/better-sqlite3/
cp node_modules/better-sqlite3/build/Release/better_sqlite3.node $W/app/node_modules/better-sqlite3/build/Release/
C=/usr/lib/chromium
cp $C/{chromium,chrome_crashpad_handler,chrome_100_percent.pak,resources.pak,icudtl.dat} $W/chromium/
cp $C/{snapshot_blob.bin,v8_context_snapshot.bin,libEGL.so,libGLESv2.so,libvulkan.so.1} $W/chromium/
cp $C/{libvk_swiftshader.so,vk_swiftshader_icd.json} $W/chromium/
cp $C/locales/en-US.pak $W/chromium/locales/
ldd $C/chromium | awk '/=>/{print $3}' \
  | grep -vE '/(libc|libm|libdl|libpthread|librt|ld-linux-x86-64|libresolv)\.so' \
  | xargs -I{} cp -L {} $W/lib/
cp -L /usr/lib/x86_64-linux-gnu/nss/* $W/lib/nss/
cp -L "$(command -v node)" $W/node
echo "compressing $(du -sh $W | cut -f1) (a few minutes) …"
rm -rf .gpu && mkdir -p .gpu/p1 .gpu/p2 .gpu/p3
tar -C $W -cf - chromium lib node app \
  | xz --x86 --lzma2=preset=9,dict=128MiB -T2 --block-size=200MiB > $W/payload.tar.xz
split -n 3 -d $W/payload.tar.xz $W/part.
mv $W/part.00 .gpu/p1/ && mv $W/part.01 .gpu/p2/ && mv $W/part.02 .gpu/p3/
(cd .gpu && sha256sum p1/part.00 p2/part.01 p3/part.02 | sed 's| p[123]/| |') > .gpu/p3/SHA256SUMS
for p in p1 p2; do
  printf '#!/bin/bash\nmkdir -p /root/vpos-stage && cp "$(dirname "$0")"/part.* /root/vpos-stage/ && ls -la /root/vpos-stage\n' > .gpu/$p/stage.sh
done
cp bench/gpu/device-run.sh .gpu/p3/
if [ ! -e .gl/libvulkan1_*.deb ]; then
  mkdir -p .gl /tmp/amd64/partial
  o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64'
  # shellcheck disable=SC2086
  apt-get $o update >/dev/null && (cd .gl && apt-get $o download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
fi
du -sh .gpu/p1 .gpu/p2 .gpu/p3 .gl
