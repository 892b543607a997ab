/**
 * Shared set-up of the swarm scene browser tests (scene.spec.ts, scene-touch.spec.ts). The sim is
 * seeded and paused, so the agents the app draws are the agents computed here.
 */
import { expect, type Page } from '@playwright/test'
import { worldToScreen, type CameraView, type ViewFrame } from '../../src/scene/camera/camera'
import { pickThreshold, type PointerKind } from '../../src/scene/camera/gestures'
import { createSwarmSim } from '../../src/sim'

export const SEED = 7
const sim = createSwarmSim({ seed: SEED, count: 146 })
export const agents = sim.buffers
export const HOME: CameraView = { x: 0, y: 0, zoom: 1 }

export async function openScene(page: Page, query = '') {
  await page.goto(`/?boot=0&seed=${SEED}&paused=1&feed=sim${query}`)
  await expect(page.locator('html')).toHaveAttribute('data-scene-ready', '1', { timeout: 30_000 })
}

export async function viewFrame(page: Page): Promise<ViewFrame> {
  const size = page.viewportSize()!
  return {
    width: size.width,
    height: size.height,
    originX: sim.world.width / 2,
    originY: sim.world.height / 2,
  }
}

export async function cameraOf(page: Page): Promise<CameraView> {
  const el = page.getByTestId('swarm-canvas')
  const [x, y, zoom] = await Promise.all(
    ['data-pan-x', 'data-pan-y', 'data-zoom'].map((a) => el.getAttribute(a)),
  )
  return { x: Number(x) + 0, y: Number(y) + 0, zoom: Number(zoom) }
}

/** True for each point where the canvas itself (not an overlay panel) receives the pointer. */
export async function onCanvas(page: Page, points: { x: number; y: number }[]): Promise<boolean[]> {
  return page.evaluate(
    (pts) =>
      pts.map(
        (p) => document.elementFromPoint(p.x, p.y)?.closest('[data-testid="swarm-canvas"]') != null,
      ),
    points,
  )
}

function screenOf(i: number, frame: ViewFrame, view = HOME) {
  return worldToScreen(view, frame, agents.x[i]!, agents.y[i]!)
}

/** Points (every `step` px) on the canvas where a press of `kind` picks agent `want(index)`. */
export async function findPoints(
  page: Page,
  accept: (x: number, y: number, frame: ViewFrame) => boolean,
  step = 9,
): Promise<{ x: number; y: number }[]> {
  const frame = await viewFrame(page)
  const candidates: { x: number; y: number }[] = []
  for (let y = 60; y < frame.height - 20; y += step) {
    for (let x = 20; x < frame.width - 20; x += step)
      if (accept(x, y, frame)) candidates.push({ x, y })
  }
  const hits = await onCanvas(page, candidates)
  return candidates.filter((_, i) => hits[i])
}

export const distanceTo = (i: number, x: number, y: number, frame: ViewFrame) => {
  const s = screenOf(i, frame)
  return Math.hypot(s.x - x, s.y - y)
}

/** Agents within the press threshold of (x, y), nearest first. */
export function within(x: number, y: number, frame: ViewFrame, kind: PointerKind): number[] {
  const out: number[] = []
  for (let i = 0; i < agents.count; i++)
    if (distanceTo(i, x, y, frame) <= pickThreshold(agents.size[i]!, kind)) out.push(i)
  return out.sort((a, b) => distanceTo(a, x, y, frame) - distanceTo(b, x, y, frame))
}

export async function clicksResolved(page: Page): Promise<number> {
  return Number((await page.locator('html').getAttribute('data-scene-clicks')) ?? 0)
}
