/**
 * What a clip is recorded from (ARCHITECTURE.md "Clip export"). A clip source is a timeline the
 * displayed swarm can be put at, moment by moment; the export loop (src/pages/swarm/clipExport.ts)
 * seeks it to each frame's moment, has the scene draw that one frame (SceneCapture) and encodes it.
 * The local replay of snapshots implements it here; the live history in historyClipSource.ts.
 */
import {
  REPLAY_STEP_MS,
  exitReplay,
  pauseReplay,
  resumeReplay,
  scrubReplay,
  startReplay,
} from '../snapshotStore'
import type { SwarmStore } from '../swarmState'
import type { ClipRange } from './clipRange'

export interface ClipSource {
  /** What the dialog calls the timeline ("Replay", "Live history"). */
  readonly label: string
  /** The timeline's length in ms; a clip is a range inside [0, durationMs]. */
  readonly durationMs: number
  /** Where the dialog's range starts (ms into the timeline): the moment on screen when it opened. */
  readonly initialMs: number
  /** The dialog's first range, where the whole timeline from initialMs is not it. */
  readonly defaultRange?: ClipRange
  /** A reading of moment `tMs` for the dialog (a wall-clock time, a snapshot's name). */
  describe(tMs: number): string
  /**
   * Before the first seek: take the displayed swarm over (stop playback, show the timeline).
   * Returns what puts the view back as it was; called once, after the last frame, a Cancel or an
   * error.
   */
  hold(): () => void
  /**
   * After hold(), before the first seek: get the clip's range ready (the live history fetches it
   * here, once). Rejects with what failed.
   */
  prepare?(range: ClipRange): Promise<void>
  /**
   * Put moment `tMs` (0 ≤ tMs ≤ durationMs) on the displayed source. When the promise resolves, the
   * next frame clock sample() must draw exactly that moment whatever the wall clock says.
   */
  seek(tMs: number): Promise<void>
}

/**
 * The local replay as a clip source: snapshot k is on screen from k·REPLAY_STEP_MS to
 * (k+1)·REPLAY_STEP_MS, as replay at 1× shows them, so the timeline is count·REPLAY_STEP_MS long.
 */
export function replayClipSource(store: SwarmStore): ClipSource {
  const m = store.swarm.snapshots
  const count = m.snapshots.length
  const indexAt = (tMs: number) =>
    Math.max(0, Math.min(count - 1, Math.floor(tMs / REPLAY_STEP_MS)))
  return {
    label: 'Replay',
    durationMs: count * REPLAY_STEP_MS,
    initialMs: m.isReplaying ? m.currentReplayIndex * REPLAY_STEP_MS : 0,
    describe: (tMs) => m.snapshots[indexAt(tMs)]?.name ?? '',
    hold() {
      const was = {
        replaying: m.isReplaying,
        paused: m.isReplayPaused,
        index: m.currentReplayIndex,
      }
      if (!m.isReplaying) startReplay(store, 0)
      pauseReplay(store)
      return () => {
        if (!was.replaying) return exitReplay(store)
        if (!m.isReplaying) return
        scrubReplay(store, was.index)
        if (!was.paused) resumeReplay(store)
      }
    },
    seek(tMs) {
      const k = indexAt(tMs)
      if (!m.isReplaying || m.currentReplayIndex !== k) scrubReplay(store, k)
      return Promise.resolve()
    },
  }
}
