import { advance, useThree } from '@react-three/fiber'
import { useEffect } from 'react'
import type { SceneCapture } from '../state/clip/sceneCapture'
import { LINK_EVERY_LARGE, type SwarmStore } from '../state/swarmStore'
import { useSwarmStore } from '../state/swarmStoreContext'
import type { Redraw } from './redraw'

/** Whether the displayed links belong to the displayed buffers (no staged search half done). */
function linksSettled({ display, runtime }: SwarmStore): boolean {
  return display.linksVersion === display.version && runtime.linkCycleVersion < 0
}

/**
 * Clip export's hold on the scene (ARCHITECTURE.md "Clip export"): registers a SceneCapture in
 * store.runtime.capture. hold() turns r3f's loop off (frameloop 'never'); frame() then runs the
 * frame clock's phases once through r3f's `advance`, at the clip's own time (so the pulse animates
 * at the video's pace, not the export's), with a draw forced: a frame that shows what the last one
 * did must still be drawn, since the canvas keeps no drawing buffer between frames.
 */
export function ClipCapture({ redraw }: { redraw: Redraw }) {
  const store = useSwarmStore()
  const get = useThree((s) => s.get)
  useEffect(() => {
    let held = false
    const capture: SceneCapture = {
      get canvas() {
        return get().gl.domElement
      },
      get held() {
        return held
      },
      hold() {
        held = true
        // 'never': advance(t) then sets r3f's clock to t (seconds) and hands useFrame t − last t
        get().setFrameloop('never')
      },
      frame(clipSec) {
        const state = get()
        redraw.needed = true
        advance(clipSec, true, state)
        // A big swarm's link search is staged over frames: finish it before the frame counts.
        for (let k = 0; k < LINK_EVERY_LARGE && !linksSettled(store); k++) {
          redraw.needed = true
          advance(clipSec, true, state)
        }
      },
      release() {
        held = false
        get().setFrameloop('always')
      },
    }
    store.runtime.capture = capture
    return () => {
      if (held) capture.release()
      if (store.runtime.capture === capture) store.runtime.capture = null
    }
  }, [store, get, redraw])
  return null
}
