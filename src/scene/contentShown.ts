/**
 * Whether the route's own content has been committed, and when it has reached the screen
 * (docs/ARCHITECTURE.md, "The scene never blocks a page"): the scene creates its WebGL context
 * only after the commit, on Swarm Core too, where the scene's chunk loads at once. There the
 * context could otherwise come before the page's text when the GPU process was quiet early (a
 * second load with a warm cache) and the page's chunk late. What the first screen does not need
 * (Swarm Core's scene, the live history's range) waits for the presentation.
 */
let markShown: () => void = () => {}
const shown = new Promise<void>((resolve) => (markShown = resolve))
let markPresented: () => void = () => {}
const presented = new Promise<void>((resolve) => (markPresented = resolve))
let watching = false

/**
 * How long the presentation is watched for after the commit at most. Chromium reports a page's
 * largest text when the frame that holds it is presented; on a software compositor (headless
 * Chromium, Lighthouse) that came 250-600 ms after the commit on one machine and 1.2-1.8 s on
 * another, while the GPU process draws the first frames. Each caller of `whenContentPresented`
 * says how long it waits; this only ends the watch.
 */
const PRESENT_WATCH_MS = 10_000

/** The first input ends the watch: Chromium reports no largest paint after it. */
const INPUTS = ['pointerdown', 'keydown', 'wheel'] as const

/**
 * Resolves `presented` at the first largest-contentful-paint entry for text in the route's content
 * (`#main`) presented after `committed`, at the visitor's first input (then no entry comes), or
 * PRESENT_WATCH_MS after the commit (the content holds no new largest text); two animation frames
 * where the API is missing (a task where there are no frames either).
 */
function watchPresentation(committed: number): void {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    if (typeof requestAnimationFrame === 'undefined') setTimeout(markPresented, 0)
    else requestAnimationFrame(() => requestAnimationFrame(markPresented))
    return
  }
  const main = document.getElementById('main')
  const done = () => {
    observer.disconnect()
    clearTimeout(timer)
    for (const type of INPUTS) window.removeEventListener(type, done, true)
    markPresented()
  }
  // the content's own text: a frame presented after the commit may still be one painted before it
  const observer = new PerformanceObserver((list) => {
    const entries = list.getEntries() as LargestContentfulPaint[]
    if (entries.some((e) => e.startTime >= committed && e.element && main?.contains(e.element)))
      done()
  })
  observer.observe({ type: 'largest-contentful-paint' })
  for (const type of INPUTS) window.addEventListener(type, done, { capture: true, passive: true })
  const timer = window.setTimeout(done, PRESENT_WATCH_MS)
}

/** Called once the route's content is committed (`PageShown` in src/app/App.tsx). */
export function markContentShown(): void {
  markShown()
  if (watching) return
  watching = true
  watchPresentation(performance.now())
}

/** Resolves when the content is shown, or after `maxMs` (a route whose chunk failed never shows). */
export function whenContentShown(maxMs: number): Promise<void> {
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, maxMs))])
}

/**
 * Resolves once the page's first content is on screen (see watchPresentation), at once after
 * that; after `maxMs` from now at the latest (a route whose chunk failed never shows).
 */
export function whenContentPresented(maxMs: number): Promise<void> {
  return Promise.race([presented, new Promise<void>((resolve) => setTimeout(resolve, maxMs))])
}

/** How long a preload waits for the presentation at most (from its call, about the commit). */
const PRELOAD_PRESENT_MAX_MS = 1000

/**
 * Runs `load` once the page's first content is on screen and then the browser is idle: for
 * preloads the first screen does not draw (a drawer's code, a signed-in view). Before the
 * presentation they shared the first paint's network and main thread, and a request that ends
 * before the largest paint is on its path in Lighthouse's model (docs/ARCHITECTURE.md, "First load").
 */
export function preloadAfterFirstScreen(load: () => void, idleTimeoutMs: number): () => void {
  let cancel = () => {}
  let cancelled = false
  void whenContentPresented(PRELOAD_PRESENT_MAX_MS).then(() => {
    if (cancelled) return
    const run = () => !cancelled && load()
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: idleTimeoutMs })
      cancel = () => window.cancelIdleCallback(id)
    } else {
      const id = window.setTimeout(run, Math.min(idleTimeoutMs, 500))
      cancel = () => clearTimeout(id)
    }
  })
  return () => {
    cancelled = true
    cancel()
  }
}
