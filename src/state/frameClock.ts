/**
 * The ONE frame clock of the displayed swarm. Each animation frame runs, in this order:
 *
 *   1. sample  — the displayed SwarmSource brings its buffers to this frame (sim step, feed
 *                interpolation, replay step, worker buffers adopted); hidden sources idle
 *   2. links   — the shared link search over the displayed buffers, when they changed
 *   (view)     — the camera rig sets the camera and view uniforms (what upload culls against)
 *   3. upload  — the scene copies changed buffers into its GPU attributes (agents, then links)
 *   4. render  — the scene draws (when something changed; redraw.ts)
 *   5. pick    — GPU picking for a queued click/tap or a due hover, against what was just drawn
 *
 * The scene's render loop (react-three-fiber `useFrame`) is the clock: each phase is a useFrame
 * callback at FRAME_PRIORITY[phase] (r3f runs callbacks in ascending priority; any positive one turns
 * r3f's own render off, and we render in phase 4). While no scene is mounted — before its lazy chunk
 * has loaded, or where WebGL is missing — a stand-in requestAnimationFrame loop runs phases 1–2 only,
 * so the simulation and the panels keep going behind every route. It stops as soon as the scene
 * takes over: there is never more than one loop.
 */

export const FRAME_PRIORITY = {
  sample: -30,
  links: -20,
  view: -15,
  upload: -10,
  render: 1,
  pick: 2,
} as const

interface ClockState {
  /** phase 1 (swarmStore.sampleFrame) */
  sample: ((dtMs: number, nowMs: number) => void) | null
  /** phase 2 (swarmStore.updateLinks) */
  links: (() => void) | null
  /** scenes currently driving the clock */
  sceneDrivers: number
  handle: number | null
  lastAt: number | null
}

const clock: ClockState = { sample: null, links: null, sceneDrivers: 0, handle: null, lastAt: null }

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now()
}

/**
 * The stand-in's frame scheduler and its matching cancel. GOTCHA: never cancel a handle with both
 * cancelAnimationFrame and clearTimeout: animation-frame ids and timer ids are separate counters
 * with overlapping values, so clearTimeout(rafId) cancels whichever unrelated timer has that number
 * (it cancelled the live feed's reconnect timer, leaving the feed closed for good).
 */
const frames: { request(cb: () => void): number; cancel(handle: number): void } =
  typeof requestAnimationFrame === 'function'
    ? { request: (cb) => requestAnimationFrame(cb), cancel: (h) => cancelAnimationFrame(h) }
    : {
        request: (cb) => setTimeout(cb, 1000 / 60) as unknown as number,
        cancel: (h) => clearTimeout(h as unknown as ReturnType<typeof setTimeout>),
      }

/** dt since the previous frame of whichever driver ran it (first frame: one 60 Hz frame). */
function stepDt(t: number): number {
  const dt = clock.lastAt === null ? 1000 / 60 : Math.max(0, t - clock.lastAt)
  clock.lastAt = t
  return dt
}

function standIn(): void {
  clock.handle = null
  if (!clock.sample || clock.sceneDrivers > 0) return
  const t = now()
  clock.sample(stepDt(t), t)
  clock.links?.()
  clock.handle = frames.request(standIn)
}

/** Start the clock with phases 1–2 (the store). Runs on the stand-in loop until a scene drives it. */
export function startFrameClock(
  sample: (dtMs: number, nowMs: number) => void,
  links: () => void,
): void {
  clock.sample = sample
  clock.links = links
  clock.lastAt = null
  if (clock.sceneDrivers === 0 && clock.handle === null) standIn()
}

export function stopFrameClock(): void {
  clock.sample = null
  clock.links = null
  if (clock.handle !== null) frames.cancel(clock.handle)
  clock.handle = null
}

/**
 * The scene takes the clock over (its FRAME_PRIORITY.sample useFrame calls sceneSample(), its
 * FRAME_PRIORITY.links one sceneLinks()); returns the release, after which the stand-in loop resumes.
 */
export function driveFromScene(): () => void {
  clock.sceneDrivers++
  if (clock.handle !== null) frames.cancel(clock.handle)
  clock.handle = null
  return () => {
    clock.sceneDrivers--
    if (clock.sceneDrivers === 0 && clock.sample && clock.handle === null) standIn()
  }
}

/** Phase 1 of a frame driven by the scene. */
export function sceneSample(): void {
  if (!clock.sample) return
  const t = now()
  clock.sample(stepDt(t), t)
}

/** Phase 2 of a frame driven by the scene. */
export function sceneLinks(): void {
  clock.links?.()
}
