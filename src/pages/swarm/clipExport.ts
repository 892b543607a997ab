/**
 * Clip export's loop (ARCHITECTURE.md "Clip export"): off real time, frame by frame — seek the clip
 * source to the frame's moment, have the scene draw that one frame, hand the canvas to the encoder,
 * report progress, let the page breathe (progress paints, Cancel is heard). Whatever ends it (the
 * last frame, Cancel, an error), the scene gets its loop back and the source its view.
 */
import { clipFrameCount, clipFrameTimeMs, type ClipRange } from '../../state/clip/clipRange'
import type { ClipSource } from '../../state/clip/clipSource'
import type { SceneCapture } from '../../state/clip/sceneCapture'
import type { ClipEncoder } from './clipEncoder'

export interface ClipExportJob {
  source: ClipSource
  capture: SceneCapture
  encoder: ClipEncoder
  /** already clamped (clampClipRange) */
  range: ClipRange
  fps: number
  /** Cancel: the loop stops before its next frame and nothing is returned. */
  signal: AbortSignal
  onProgress(done: number, total: number): void
  /** Between frames; by default one macrotask, so input and painting get their turn. */
  breathe?: () => Promise<void>
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Renders and encodes the clip; the WebM, or null when cancelled. Throws what failed. */
export async function runClipExport(job: ClipExportJob): Promise<Blob | null> {
  const { source, capture, encoder, range, fps, signal } = job
  const breathe = job.breathe ?? macrotask
  const total = clipFrameCount(range, fps)
  const restore = source.hold()
  capture.hold()
  let finished = false
  try {
    await source.prepare?.(range)
    if (signal.aborted) return null
    for (let i = 0; i < total; i++) {
      await source.seek(clipFrameTimeMs(range, fps, i))
      if (signal.aborted) return null
      capture.frame(i / fps)
      // GOTCHA: add() copies the canvas before it awaits anything: the drawn frame is gone once
      // this task ends (the canvas keeps no drawing buffer).
      await encoder.add(capture.canvas, i)
      job.onProgress(i + 1, total)
      await breathe()
      if (signal.aborted) return null
    }
    const file = await encoder.finish()
    finished = true
    return signal.aborted ? null : file
  } finally {
    if (!finished) encoder.cancel()
    capture.release()
    restore()
  }
}
