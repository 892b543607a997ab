/**
 * The scene's side of a clip export (ARCHITECTURE.md "Clip export"): src/scene/ClipCapture.tsx
 * registers one in store.runtime.capture while the canvas is mounted.
 */
export interface SceneCapture {
  /** The canvas the scene draws into: read it in the same task as frame(), before any await. */
  readonly canvas: HTMLCanvasElement
  /** True between hold() and release(): nothing but frame() draws, the pixel ratio is left alone. */
  readonly held: boolean
  /** Stop the scene's own frame loop. */
  hold(): void
  /**
   * Run one whole frame (sample, links, view, upload, render) now, synchronously, for clip time
   * `clipSec` (the animation clock): the canvas holds it when this returns.
   */
  frame(clipSec: number): void
  /** Give the scene its own frame loop back. */
  release(): void
}
