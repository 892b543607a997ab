/**
 * The app's test probes, in one place: facts the production code mirrors as attributes on <html>
 * (and on the scene's surface) so browser tests and benches can wait on them without depending on
 * where the UI draws them. Nothing else in `src/` writes probe attributes
 * (`tests/server/import-graph.test.ts` holds it); `<html data-software-gl>` is not a probe but a
 * style switch (src/ui/glass.ts).
 *
 * | attribute on <html>                     | meaning                                            |
 * | --------------------------------------- | -------------------------------------------------- |
 * | `data-scene-ready`, `data-scene-ready-at` | the scene drew its first frames with agents (when) |
 * | `data-scene-clicks`                     | clicks/taps the scene's picking has resolved       |
 * | `data-selected-agent`, `data-hover-agent` | the selection and the hovered agent               |
 * | `data-feed`, `data-feed-source`, `data-feed-attempts` | the live feed's connection           |
 *
 * On the scene's surface and canvas (`setElementProbe`): `data-zoom`, `data-pan-x`, `data-pan-y`
 * (the camera; src/scene/sceneProbes.ts), `data-webgl` (webgl2 or webgl), `data-agent-draw`
 * (instanced or points), `data-picker` (worker or main), `data-view-set` (what the agents' draw
 * came from). This module imports nothing of ours, so any folder may write a probe.
 */
type HtmlProbe =
  | 'sceneReady'
  | 'sceneReadyAt'
  | 'sceneClicks'
  | 'selectedAgent'
  | 'hoverAgent'
  | 'feed'
  | 'feedSource'
  | 'feedAttempts'

const html = () => (typeof document === 'undefined' ? null : document.documentElement)

export function setProbe(name: HtmlProbe, value: string): void {
  const el = html()
  if (el) el.dataset[name] = value
}

export function clearProbes(...names: HtmlProbe[]): void {
  const el = html()
  if (el) for (const name of names) delete el.dataset[name]
}

/** Adds one to a counting probe. */
export function countProbe(name: 'sceneClicks'): void {
  const el = html()
  if (el) el.dataset[name] = String(Number(el.dataset[name] ?? 0) + 1)
}

type ElementProbe = 'zoom' | 'panX' | 'panY' | 'webgl' | 'agentDraw' | 'picker' | 'viewSet'

/** A probe on one of the scene's elements; written only when it changes. */
export function setElementProbe(el: HTMLElement, name: ElementProbe, value: string): void {
  if (el.dataset[name] !== value) el.dataset[name] = value
}
