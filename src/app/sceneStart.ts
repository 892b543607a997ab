/**
 * When the background scene starts (issue 36; docs/ARCHITECTURE.md, "The scene never blocks a
 * page"). On Swarm Core the scene is the page: it starts at once. Behind a dashboard it is
 * decoration: its 200 KB chunk and its WebGL start wait until the route's own content has been
 * committed and painted (`pageShown`, called by the route's Suspense content) and the browser is
 * idle, so the page's chunks come first on the network and its first input is answered first.
 * The swarm's writers (the local sim and the live feed, src/app/App.tsx) start with it. Once
 * started, the scene stays (it lives across routes).
 */
import { useCallback, useEffect, useState } from 'react'
import { markContentShown } from '../scene/contentShown'

/** How long an idle callback may be put off before the scene starts anyway. */
const IDLE_TIMEOUT_MS = 2000

type Idle = (cb: () => void, opts?: { timeout: number }) => number

/** After the next paint (two animation frames), then once the browser is idle. */
function afterPaintAndIdle(run: () => void): () => void {
  let cancelled = false
  let idleId = 0
  const idle: Idle =
    window.requestIdleCallback?.bind(window) ?? ((cb: () => void) => window.setTimeout(cb, 200))
  const frame = requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (!cancelled) idleId = idle(() => !cancelled && run(), { timeout: IDLE_TIMEOUT_MS })
    }),
  )
  return () => {
    cancelled = true
    cancelAnimationFrame(frame)
    window.cancelIdleCallback?.(idleId)
  }
}

/** Whether the scene may start now, and the callback a route calls once its content is shown. */
export function useSceneStart(isCore: boolean): { started: boolean; pageShown: () => void } {
  const [started, setStarted] = useState(isCore)
  const [shown, setShown] = useState(false)
  const pageShown = useCallback(() => {
    markContentShown()
    setShown(true)
  }, [])
  useEffect(() => {
    if (started) return
    if (isCore) {
      setStarted(true)
      return
    }
    if (!shown) return
    return afterPaintAndIdle(() => setStarted(true))
  }, [isCore, shown, started])
  return { started, pageShown }
}
