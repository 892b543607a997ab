import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * The stand-in loop's handles are animation-frame ids. Cancelling one must never reach
 * clearTimeout: timer ids overlap those numbers, and the live feed's reconnect timer was cancelled
 * that way (the feed then stayed closed for good).
 */
describe('frame clock stand-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    vi.resetModules()
  })

  it('cancels its animation frame without clearing a timer that has the same number', async () => {
    const requestAnimationFrame = vi.fn(() => 7)
    const cancelAnimationFrame = vi.fn()
    vi.stubGlobal('requestAnimationFrame', requestAnimationFrame)
    vi.stubGlobal('cancelAnimationFrame', cancelAnimationFrame)
    const clearTimeout = vi.spyOn(globalThis, 'clearTimeout')
    const { driveFromScene, startFrameClock, stopFrameClock } = await import('./frameClock')

    startFrameClock(
      () => {},
      () => {},
    )
    expect(requestAnimationFrame).toHaveBeenCalledTimes(1)
    const release = driveFromScene()
    expect(cancelAnimationFrame).toHaveBeenCalledWith(7)
    release()
    stopFrameClock()
    expect(cancelAnimationFrame).toHaveBeenCalledTimes(2)
    expect(clearTimeout).not.toHaveBeenCalled()
  })

  it('falls back to timers where there are no animation frames, and cancels those', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined)
    vi.stubGlobal('cancelAnimationFrame', undefined)
    vi.useFakeTimers()
    try {
      const sample = vi.fn()
      const { startFrameClock, stopFrameClock } = await import('./frameClock')
      startFrameClock(sample, () => {})
      vi.advanceTimersByTime(100)
      const calls = sample.mock.calls.length
      expect(calls).toBeGreaterThan(3)
      stopFrameClock()
      vi.advanceTimersByTime(100)
      expect(sample.mock.calls.length).toBe(calls)
    } finally {
      vi.useRealTimers()
    }
  })
})
