/**
 * When the background scene starts (issue 36; docs/ARCHITECTURE.md, "The scene never blocks a
 * page"). On Swarm Core the scene is the page: it starts as soon as the frame with the page's
 * panels is on screen (its 200 KB chunk shared a phone's slow network with them and held back their
 * first paint by about a second; its start held back that frame's presentation). Behind a
 * dashboard it is decoration: its 200 KB chunk and its WebGL start wait until the route's own
 * content has been committed and painted (`pageShown`, called by the route's Suspense content)
 * and the page has settled (no long task for 2 s), so the page's chunks come first on the
 * network, its data's renders first on the main thread and its first input is answered first.
 * The swarm's writers (the local sim and the live feed, src/app/App.tsx) start with it. Once
 * started, the scene stays (it lives across routes).
 */
import { useCallback, useEffect, useState } from 'react'
import { markContentShown } from '../scene/contentShown'

/**
 * Behind a dashboard the scene waits for a settled page: no long task (over 50 ms) on the main
 * thread for SETTLED_MS, then an idle callback. A route whose data arrives after its first paint
 * renders again (on a slow phone in tasks of 100 ms and more); the scene's own start is a handful
 * of such tasks (three.js's evaluation, the renderer, the first programs), so it waits until the
 * page's are done instead of interleaving with them. It never waits more than SETTLE_MAX_MS.
 */
const SETTLED_MS = 2000
const SETTLE_MAX_MS = 10_000
const SETTLE_POLL_MS = 250
/** How long the final idle callback may be put off. */
const IDLE_TIMEOUT_MS = 1000

type Idle = (cb: () => void, opts?: { timeout: number }) => number

/**
 * Calls `onBusy` after each long task from now on (as its report arrives, just after the task);
 * returns the disconnect. The caller reads its own clock then: the entries' times are the
 * performance timeline's, which a test's fake clock does not move.
 */
function watchLongTasks(onBusy: () => void): () => void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('longtask')) return () => {}
  const observer = new PerformanceObserver(() => onBusy())
  observer.observe({ type: 'longtask' })
  return () => observer.disconnect()
}

/** After the next paint (two animation frames). */
function afterPaint(run: () => void): () => void {
  let second = 0
  const first = requestAnimationFrame(() => (second = requestAnimationFrame(run)))
  return () => {
    cancelAnimationFrame(first)
    cancelAnimationFrame(second)
  }
}

/**
 * How long Swarm Core's scene waits for the frame with the panels to reach the screen. Chromium
 * reports a page's largest text when the frame that holds it is presented; on a software
 * compositor (headless Chromium, Lighthouse) that comes 250-600 ms after the commit, while the
 * GPU process draws the first frames, and the scene's start (its chunk, three.js's evaluation,
 * the renderer) would otherwise run in between and hold that frame back further.
 */
const PRESENT_MAX_MS = 1000

/**
 * After the content committed just now is on screen: a largest-contentful-paint entry for text in
 * the route's content (`#main`) presented after this call, at most PRESENT_MAX_MS (the content
 * holds no new largest text, or the visitor already touched the page: then no entry comes); two
 * animation frames where the API is missing.
 */
function afterPresented(run: () => void): () => void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    return afterPaint(run)
  }
  const committed = performance.now()
  let done = false
  const finish = () => {
    if (done) return
    done = true
    observer.disconnect()
    clearTimeout(timer)
    run()
  }
  // the content's own text: a frame presented after the commit may still be one painted before it
  const main = document.getElementById('main')
  const observer = new PerformanceObserver((list) => {
    const entries = list.getEntries() as LargestContentfulPaint[]
    if (entries.some((e) => e.startTime >= committed && e.element && main?.contains(e.element)))
      finish()
  })
  observer.observe({ type: 'largest-contentful-paint' })
  const timer = window.setTimeout(finish, PRESENT_MAX_MS)
  return () => {
    done = true
    observer.disconnect()
    clearTimeout(timer)
  }
}

/** After the next paint (two animation frames), once the page has settled and the browser is idle. */
function afterPaintAndSettled(run: () => void): () => void {
  let cancelled = false
  let idleId = 0
  let poll = 0
  const started = performance.now()
  let busyUntil = started
  const unwatch = watchLongTasks(() => (busyUntil = performance.now()))
  const idle: Idle =
    window.requestIdleCallback?.bind(window) ?? ((cb: () => void) => window.setTimeout(cb, 200))
  const check = () => {
    if (cancelled) return
    const now = performance.now()
    if (now - busyUntil < SETTLED_MS && now - started < SETTLE_MAX_MS) {
      poll = window.setTimeout(check, SETTLE_POLL_MS)
      return
    }
    unwatch()
    idleId = idle(() => !cancelled && run(), { timeout: IDLE_TIMEOUT_MS })
  }
  const frame = requestAnimationFrame(() => requestAnimationFrame(check))
  return () => {
    cancelled = true
    unwatch()
    cancelAnimationFrame(frame)
    clearTimeout(poll)
    window.cancelIdleCallback?.(idleId)
  }
}

/**
 * Whether the scene may start now (`started`: its chunk and WebGL), whether the swarm's writers
 * may (`writers`: the local sim and the live feed; on Swarm Core at once, its panels show them),
 * and the callback a route calls once its content is shown.
 */
export function useSceneStart(isCore: boolean): {
  started: boolean
  writers: boolean
  pageShown: () => void
} {
  const [started, setStarted] = useState(false)
  const [shown, setShown] = useState(false)
  const pageShown = useCallback(() => {
    markContentShown()
    setShown(true)
  }, [])
  useEffect(() => {
    if (started || !shown) return
    return isCore
      ? afterPresented(() => setStarted(true))
      : afterPaintAndSettled(() => setStarted(true))
  }, [isCore, shown, started])
  return { started, writers: started || isCore, pageShown }
}
