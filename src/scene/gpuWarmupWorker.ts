/// <reference lib="webworker" />
/**
 * The scene's start-up scout (gpuWarmup.ts): a throwaway WebGL context in a worker that starts
 * WebGL in the GPU process, names the renderer, then waits until the GPU process answers at once,
 * all without touching the page's main thread (every question a WebGL context asks waits for the
 * GPU process's answer on the thread that asks). It posts `{ renderer }` as soon as it knows it,
 * then `{ quiet: true }` when the GPU process is quiet or QUIET_GIVE_UP_MS have passed.
 */
import { rendererName } from './agents/agentDraw'

/** A round trip this short means the GPU process had nothing else queued. */
const QUIET_ROUND_TRIP_MS = 4
/** that many in a row, one every QUIET_PROBE_MS */
const QUIET_IN_A_ROW = 3
const QUIET_PROBE_MS = 25
const QUIET_GIVE_UP_MS = 30_000

async function scout(): Promise<void> {
  if (typeof OffscreenCanvas === 'undefined') return
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2', {
    alpha: false,
    antialias: false,
    depth: true,
    stencil: false,
  })
  if (!gl) return
  postMessage({ renderer: rendererName(gl) })
  const giveUp = performance.now() + QUIET_GIVE_UP_MS
  let quiet = 0
  while (quiet < QUIET_IN_A_ROW && performance.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_PROBE_MS))
    const t0 = performance.now()
    gl.getError()
    quiet = performance.now() - t0 <= QUIET_ROUND_TRIP_MS ? quiet + 1 : 0
  }
  gl.getExtension('WEBGL_lose_context')?.loseContext()
}

void scout().finally(() => postMessage({ quiet: true }))
