/**
 * When the background scene starts (issue 36; docs/ARCHITECTURE.md, "The scene never blocks a
 * page"). On Swarm Core the scene is the page: it starts as soon as the frame with the page's
 * panels is on screen (its 200 KB chunk shared a phone's slow network with them and held back their
 * first paint by about a second; its start held back that frame's presentation). Behind a
 * dashboard it is decoration: its 200 KB chunk and its WebGL start wait until the route's own
 * content has been committed and painted (`ContentShown.mark`, called by the route's Suspense
 * content) and the page has settled (no long task and no request for 3 s), so the page's chunks
 * come first on the network, its data's renders first on the main thread and its first input is
 * answered first.
 * The swarm's writers (the local sim and the live feed, src/app/App.tsx) start with it. Once
 * started, the scene stays (it lives across routes).
 */
import { useEffect, useState, useSyncExternalStore } from 'react'
import { markContentShown, whenContentPresented } from '../scene/contentShown'

/**
 * Behind a dashboard the scene waits for a settled page: once the content is on screen, neither a
 * long task (over 50 ms) on the main thread nor a finished request for SETTLED_MS, then an idle
 * callback. A route whose data arrives after its first paint renders again (on a slow phone in
 * tasks of 100 ms and more), and its idle preloads (the toasts' region, the drawer) come after the
 * presentation too; the scene's own start is a handful of long tasks (three.js's evaluation, the
 * renderer, the first programs) and a 171 KB chunk, so it waits until the page's tasks and requests
 * are done instead of interleaving with them. Counting long tasks alone, 2 s after the page's last
 * one often fell while its last idle chunks had only just arrived, and the scene's start then ran
 * inside the page's first seconds on a phone (docs/ARCHITECTURE.md, "The scene never blocks a
 * page"). It never waits more than SETTLE_MAX_MS after the presentation (a page that polls).
 */
const SETTLED_MS = 3000
const SETTLE_MAX_MS = 10_000
const SETTLE_POLL_MS = 250
/** How long the final idle callback may be put off. */
const IDLE_TIMEOUT_MS = 1000
/** Behind a dashboard, how long the scene waits for the content's presentation at most. */
const DASHBOARD_PRESENT_MAX_MS = 5000

type Idle = (cb: () => void, opts?: { timeout: number }) => number

/**
 * Calls `onBusy` after each long task and each finished request from now on (as its report
 * arrives, just after it); returns the disconnect. The caller reads its own clock then: the
 * entries' times are the performance timeline's, which a test's fake clock does not move.
 */
function watchBusy(onBusy: () => void): () => void {
  const types = ['longtask', 'resource'].filter((t) =>
    PerformanceObserver.supportedEntryTypes?.includes(t),
  )
  const observers = types.map((type) => {
    const observer = new PerformanceObserver(() => onBusy())
    observer.observe({ type })
    return observer
  })
  return () => observers.forEach((o) => o.disconnect())
}

/** After the page's first content is on screen (src/scene/contentShown.ts) or a second at most. */
function afterPresented(run: () => void): () => void {
  let cancelled = false
  void whenContentPresented(1000).then(() => !cancelled && run())
  return () => {
    cancelled = true
  }
}

/**
 * Once the page's content is on screen (`whenContentPresented`, DASHBOARD_PRESENT_MAX_MS at most),
 * the page has settled from then on and the browser is idle. Counted from the commit instead, the
 * settling ran while a software compositor was still drawing the first frame (1.2-1.8 s on one
 * machine here): the main thread is quiet then, so the scene started about when the page appeared,
 * and its WebGL start queued behind that frame in the GPU process.
 */
function afterPaintAndSettled(run: () => void): () => void {
  let cancelled = false
  let idleId = 0
  let poll = 0
  let frame = 0
  let started = performance.now()
  let busyUntil = started
  const unwatch = watchBusy(() => (busyUntil = performance.now()))
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
  void whenContentPresented(DASHBOARD_PRESENT_MAX_MS).then(() => {
    if (cancelled) return
    started = performance.now()
    busyUntil = Math.max(busyUntil, started)
    frame = requestAnimationFrame(() => requestAnimationFrame(check))
  })
  return () => {
    cancelled = true
    unwatch()
    cancelAnimationFrame(frame)
    clearTimeout(poll)
    window.cancelIdleCallback?.(idleId)
  }
}

/**
 * "The route's content is on screen", kept outside React state: the route's Suspense content marks
 * it and only the scene's host reads it, so marking it (and the scene's start that follows)
 * re-renders the scene's host alone, not the shell with the route's page (docs/ARCHITECTURE.md,
 * "The scene never blocks a page": that re-render was a 100-150 ms task on a 4x slower CPU just
 * after the first paint, twice).
 */
export interface ContentShown {
  /** The route's content was committed (idempotent; a new route marks it again). */
  mark: () => void
  subscribe: (onChange: () => void) => () => void
  get: () => boolean
}

export function createContentShown(): ContentShown {
  let shown = false
  const listeners = new Set<() => void>()
  return {
    mark: () => {
      markContentShown()
      if (shown) return
      shown = true
      for (const l of [...listeners]) l()
    },
    subscribe: (onChange) => {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    get: () => shown,
  }
}

/**
 * Whether the scene may start now (`started`: its chunk and WebGL) and whether the swarm's writers
 * may (`writers`: the local sim and the live feed; on Swarm Core at once, its panels show them).
 */
export function useSceneStart(
  isCore: boolean,
  content: ContentShown,
): {
  started: boolean
  writers: boolean
} {
  const [started, setStarted] = useState(false)
  const shown = useSyncExternalStore(content.subscribe, content.get)
  useEffect(() => {
    if (started || !shown) return
    return isCore
      ? afterPresented(() => setStarted(true))
      : afterPaintAndSettled(() => setStarted(true))
  }, [isCore, shown, started])
  return { started, writers: started || isCore }
}
