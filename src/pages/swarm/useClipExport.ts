import { useEffect, useRef, useState } from 'react'
import {
  CLIP_FPS,
  clampClipRange,
  clipOutputSize,
  defaultClipRange,
  type ClipFps,
  type ClipRange,
} from '../../state/clip/clipRange'
import type { ClipSource } from '../../state/clip/clipSource'
import type { SwarmStore } from '../../state/swarmStore'
import { clipSupport, type ClipSupport } from './clipSupport'
import { runClipExport } from './clipExport'
import { download, fileTimeStamp } from './download'

const NO_SCENE_MESSAGE =
  'The swarm scene is not drawn in this browser (no WebGL), so there is nothing to record.'

/** Where an export stands: the dialog shows one of these. */
export type ClipPhase =
  | { kind: 'setup' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'saved'; name: string; bytes: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string }

/** The video's size now: the scene canvas's drawing buffer, capped (clipOutputSize). */
function outputSize(store: SwarmStore): { width: number; height: number } | null {
  const canvas = store.runtime.capture?.canvas
  return canvas ? clipOutputSize(canvas.width, canvas.height) : null
}

/** Whether this browser can encode: re-checked whenever the frame rate changes. */
function useSupport(store: SwarmStore, fps: ClipFps): ClipSupport | null {
  const [support, setSupport] = useState<ClipSupport | null>(null)
  useEffect(() => {
    let live = true
    const size = outputSize(store)
    if (!size) {
      setSupport({ ok: false, message: NO_SCENE_MESSAGE })
      return
    }
    void clipSupport(size, fps).then((s) => {
      if (live) setSupport(s)
    })
    return () => {
      live = false
    }
  }, [store, fps])
  return support
}

/**
 * The export dialog's state: the chosen range and frame rate, the browser's support, and the run
 * (start, Cancel, its progress and outcome). Unmounting cancels a run.
 */
export function useClipExport(store: SwarmStore, source: ClipSource) {
  const [range, setRangeRaw] = useState<ClipRange>(
    () => source.defaultRange ?? defaultClipRange(source.durationMs, source.initialMs),
  )
  const [fps, setFps] = useState<ClipFps>(CLIP_FPS[0])
  const [phase, setPhase] = useState<ClipPhase>({ kind: 'setup' })
  const support = useSupport(store, fps)
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  const setRange = (r: ClipRange) => setRangeRaw(clampClipRange(r, source.durationMs))

  const start = async () => {
    const capture = store.runtime.capture
    const size = outputSize(store)
    if (!capture || !size || abort.current) return
    const controller = new AbortController()
    abort.current = controller
    setPhase({ kind: 'running', done: 0, total: 0 })
    try {
      // the canvas may have changed size since the dialog checked: check this size
      const now = await clipSupport(size, fps)
      if (!now.ok) throw new Error(now.message)
      // on demand: the encoder brings mediabunny, which Swarm Core does without until here
      const { createClipEncoder } = await import('./clipEncoder')
      const encoder = await createClipEncoder(now, fps)
      const file = await runClipExport({
        source,
        capture,
        encoder,
        range,
        fps,
        signal: controller.signal,
        onProgress: (done, total) => setPhase({ kind: 'running', done, total }),
      })
      if (!file) return setPhase({ kind: 'cancelled' })
      const name = `vpos-clip-${fileTimeStamp()}.webm`
      download(file, name)
      setPhase({ kind: 'saved', name, bytes: file.size })
    } catch (e) {
      if (controller.signal.aborted) return setPhase({ kind: 'cancelled' })
      setPhase({ kind: 'failed', message: e instanceof Error ? e.message : String(e) })
    } finally {
      abort.current = null
    }
  }
  const cancel = () => abort.current?.abort()

  return { range, setRange, fps, setFps, phase, support, size: outputSize(store), start, cancel }
}
