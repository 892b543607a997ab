/**
 * Chromium flags for hardware WebGL in headless Chromium, tried in this order by bench:render's
 * BENCH_GPU=1 (the first whose WebGL renderer is not a software one) and by bench/gpu-info.ts.
 * GOTCHA: adding --enable-features=Vulkan (Skia on Vulkan too, with --disable-vulkan-surface
 * headless) measured slower on an H100: 44-50 fps and 6 main-thread ms a frame at one agent,
 * against 60 fps and 1.5 ms with ANGLE's Vulkan backend alone.
 */
export const GPU_ARGS: readonly (readonly string[])[] = [
  ['--ignore-gpu-blocklist', '--use-angle=vulkan'],
  ['--ignore-gpu-blocklist', '--use-gl=angle', '--use-angle=gl-egl'],
  ['--ignore-gpu-blocklist', '--use-gl=angle', '--use-angle=gl'],
]

/**
 * Software WebGL (SwiftShader), the benches' default: no GPU on the development machine. Exactly
 * the flags a visitor's headless Chromium gets for WebGL (issue 36 measured the page that way):
 * `--ignore-gpu-blocklist` here once, and the benches' background switches (COMMON_ARGS), changed
 * nothing measurable side by side (docs/PERFORMANCE.md, 27 Nov 2026).
 */
export const SWIFTSHADER_ARGS: readonly string[] = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
]

/** Every bench browser: nothing running in the background that the figures would include. */
export const COMMON_ARGS: readonly string[] = [
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

/** A WebGL renderer string that names a software rasteriser. */
export const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software/i
