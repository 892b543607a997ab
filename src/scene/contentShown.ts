/**
 * Whether the route's own content has been committed (docs/ARCHITECTURE.md, "The scene never
 * blocks a page"): the scene creates its WebGL context only after it, on Swarm Core too, where the
 * scene's chunk loads at once. There the context could otherwise come before the page's text when
 * the GPU process was quiet early (a second load with a warm cache) and the page's chunk late.
 */
let markShown: () => void = () => {}
const shown = new Promise<void>((resolve) => (markShown = resolve))

/** Called once the route's content is committed (`PageShown` in src/app/App.tsx). */
export function markContentShown(): void {
  markShown()
}

/** Resolves when the content is shown, or after `maxMs` (a route whose chunk failed never shows). */
export function whenContentShown(maxMs: number): Promise<void> {
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, maxMs))])
}
