import { describe, expect, it } from 'vitest'
import { MAX_AGENTS, currentSwarmParams, parseSwarmParams } from './urlParams'

const fallback = () => 4242

describe('URL parameters (DESIGN.md §2)', () => {
  it.each([
    [
      '',
      { seed: 4242, seeded: false, agents: 146, paused: false, feed: 'sim', simThread: 'worker' },
    ],
    ['?sim=main', { simThread: 'main' }],
    ['?sim=other', { simThread: 'worker' }],
    ['?seed=7', { seed: 7, seeded: true }],
    ['?seed=-3', { seed: -3, seeded: true }],
    ['?seed=abc', { seed: 4242, seeded: false }],
    ['?seed=1.5', { seed: 4242, seeded: false }],
    ['?agents=10000', { agents: 10_000 }],
    ['?agents=0', { agents: 146 }],
    ['?agents=-5', { agents: 146 }],
    ['?agents=many', { agents: 146 }],
    ['?agents=999999999', { agents: MAX_AGENTS }],
    ['?agents=1000000', { agents: 1_000_000 }],
    ['?agents=1000001', { agents: 1_000_000 }],
    ['?paused=1', { paused: true }],
    ['?paused=true', { paused: true }],
    ['?paused=0', { paused: false }],
    ['?feed=live', { feed: 'live' }],
    ['?feed=other', { feed: 'sim' }],
    ['?seed=5&agents=100000&paused=1&boot=0', { seed: 5, agents: 100_000, paused: true }],
  ])('%s', (search, expected) => {
    expect(parseSwarmParams(search, fallback)).toMatchObject(expected)
  })

  it('in Node (no location) gives the defaults', () => {
    expect(currentSwarmParams()).toMatchObject({ agents: 146, paused: false, feed: 'sim' })
  })
})
