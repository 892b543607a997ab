/**
 * Timings of the scene's own main-thread work, for `npm run bench:render` (exposed on
 * `window.__vposScene` with `?bench=1`). Sums since the last reset; the bench divides by frames.
 */
export interface SceneStats {
  frames: number
  /** ms from the first of the scene's useFrame callbacks to the end of the frame driver */
  sceneMs: number
  /** ms inside renderer.render of the main scene */
  renderMs: number
  picks: number
  /** ms issuing picking passes (render + readPixels into the pack buffer) */
  pickIssueMs: number
  /** ms collecting picked pixels */
  pickReadMs: number
  /** agents the picks considered (summed) */
  pickAgents: number
  /** age (ms) of the links on screen, one sample per drawn frame (at most LINK_AGE_SAMPLES) */
  linkAges: number[]
}

const LINK_AGE_SAMPLES = 10_000

export const sceneStats: SceneStats = {
  frames: 0,
  sceneMs: 0,
  renderMs: 0,
  picks: 0,
  pickIssueMs: 0,
  pickReadMs: 0,
  pickAgents: 0,
  linkAges: [],
}

/** One link-age sample (bench): ms since the positions the displayed links came from. */
export function recordLinkAge(ms: number): void {
  if (sceneStats.linkAges.length < LINK_AGE_SAMPLES && Number.isFinite(ms)) {
    sceneStats.linkAges.push(ms)
  }
}

function resetSceneStats(): void {
  sceneStats.frames = 0
  sceneStats.sceneMs = 0
  sceneStats.renderMs = 0
  sceneStats.picks = 0
  sceneStats.pickIssueMs = 0
  sceneStats.pickReadMs = 0
  sceneStats.pickAgents = 0
  sceneStats.linkAges.length = 0
}

declare global {
  interface Window {
    __vposScene?: { stats: SceneStats; reset: () => void }
  }
}

/** Put the stats on window for the benchmark. */
export function exposeSceneStats(): () => void {
  window.__vposScene = { stats: sceneStats, reset: resetSceneStats }
  return () => {
    delete window.__vposScene
  }
}
