import { describe, expect, it, vi } from 'vitest'
import { createContentShown } from './sceneStart'

describe('createContentShown (the scene host reads it; the route marks it)', () => {
  it('tells its listeners once, however often a route marks it, and not after they leave', () => {
    const content = createContentShown()
    const first = vi.fn()
    const second = vi.fn()
    const leave = content.subscribe(first)
    content.subscribe(second)
    leave()
    expect(content.get()).toBe(false)
    content.mark()
    content.mark()
    expect(content.get()).toBe(true)
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('each shell has its own: a second one starts unshown', () => {
    const a = createContentShown()
    a.mark()
    expect(createContentShown().get()).toBe(false)
  })

  it('the page-wide presentation waits for the content, then comes within a task (no paint timing here)', async () => {
    vi.resetModules()
    const fresh = await import('../scene/contentShown')
    const within = (ms: number) =>
      Promise.race([
        fresh.whenContentPresented(60_000).then(() => 'presented'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), ms)),
      ])
    await expect(within(50)).resolves.toBe('waiting')
    fresh.markContentShown()
    await expect(within(1_000)).resolves.toBe('presented')
    // and at once for whoever asks later (a route opened after the first)
    await expect(within(1_000)).resolves.toBe('presented')
  })

  it('nothing shown: the wait ends at its limit', async () => {
    vi.resetModules()
    const fresh = await import('../scene/contentShown')
    const t0 = performance.now()
    await fresh.whenContentPresented(30)
    expect(performance.now() - t0).toBeGreaterThanOrEqual(25)
  })

  it('a preload for after the first screen waits for it, and never runs once cancelled', async () => {
    vi.resetModules()
    const fresh = await import('../scene/contentShown')
    const g = globalThis as { window?: unknown }
    const hadWindow = 'window' in g
    // no idle callbacks here: the fallback timer
    g.window ??= { setTimeout, clearTimeout }
    try {
      const loads: string[] = []
      fresh.preloadAfterFirstScreen(() => loads.push('kept'), 10)
      const cancel = fresh.preloadAfterFirstScreen(() => loads.push('cancelled'), 10)
      await new Promise((resolve) => setTimeout(resolve, 60))
      expect(loads).toEqual([]) // nothing shown yet
      cancel()
      fresh.markContentShown()
      await new Promise((resolve) => setTimeout(resolve, 60))
      expect(loads).toEqual(['kept'])
    } finally {
      if (!hadWindow) delete g.window
    }
  })
})
