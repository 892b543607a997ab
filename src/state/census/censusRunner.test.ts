import { afterEach, describe, expect, it, vi } from 'vitest'
import { testStore } from '../../testing/storeSupport'
import { AGENT_TYPE } from '../../sim'
import { CENSUS_MS, startCensus } from './censusRunner'

describe('the census runner', () => {
  afterEach(() => vi.useRealTimers())

  it('counts the displayed swarm at once, every CENSUS_MS after, and at once when the filter changes', () => {
    vi.useFakeTimers()
    const store = testStore({ seed: 7, count: 40 })
    const stop = startCensus(store)
    const first = store.explore.census
    expect(first?.count).toBe(40)
    expect(first?.matching).toBe(40)
    const v = store.explore.censusVersion
    // nothing changed: no new census
    vi.advanceTimersByTime(CENSUS_MS)
    expect(store.explore.censusVersion).toBe(v)
    store.display.version++
    vi.advanceTimersByTime(CENSUS_MS)
    expect(store.explore.censusVersion).toBe(v + 1)
    store.explore.filter.types = 1 << AGENT_TYPE.analyzer
    // valtio notifies on the next microtask; the census follows without waiting for the timer
    return Promise.resolve().then(() => {
      const c = store.explore.census!
      expect(store.explore.censusVersion).toBe(v + 2)
      expect(c.matching).toBe(c.types[AGENT_TYPE.analyzer])
      stop()
    })
  })

  it('counts on the page where no worker can start, whatever the size', () => {
    const store = testStore({ seed: 7, count: 30 })
    const stop = startCensus(store, 10)
    expect(store.explore.census?.count).toBe(30)
    stop()
  })
})
