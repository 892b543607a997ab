import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MAX_AGENTS,
  MAX_PAN,
  MAX_URL_LENGTH,
  currentSwarmParams,
  formatViewUrl,
  momentOfLink,
  parseSwarmParams,
  parseViewParams,
  type SwarmView,
} from './urlParams'
import { noFilter, type AgentFilter } from '../sim/agentFilter'

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

describe('the view in the URL (issue 32)', () => {
  it.each([
    ['', {}, 0],
    [
      '?x=120.5&y=-40&zoom=2.25&agent=Ab3dE9xZ',
      { x: 120.5, y: -40, zoom: 2.25, agent: 'Ab3dE9xZ' },
      0,
    ],
    ['?x=7', { x: 7 }, 0],
    ['?x=abc&y=3', { y: 3 }, 1],
    ['?x=NaN&y=Infinity', {}, 2],
    ['?x=1e3', {}, 1],
    ['?x=', {}, 1],
    [`?x=${MAX_PAN + 1}&y=${-MAX_PAN}`, { y: -MAX_PAN }, 1],
    ['?zoom=9', { zoom: 5 }, 1],
    ['?zoom=0.1', { zoom: 0.5 }, 1],
    ['?zoom=0.5', { zoom: 0.5 }, 0],
    ['?zoom=big', {}, 1],
    ['?agent=', {}, 1],
    ['?agent=%3Cscript%3E', {}, 1],
    [`?agent=${'a'.repeat(65)}`, {}, 1],
    ['?seed=11&paused=1&agent=abc-123_x', { agent: 'abc-123_x' }, 0],
  ])('%s', (search, view, notes) => {
    const parsed = parseViewParams(search)
    expect(parsed.view).toEqual(view)
    expect(parsed.notes).toHaveLength(notes)
    for (const note of parsed.notes) expect(note).toMatch(/^\?(x|y|zoom|agent)=/)
  })

  const HOME = 'http://127.0.0.1:5081/'
  const view = (v: Partial<SwarmView>): SwarmView => ({
    x: 0,
    y: 0,
    zoom: 1,
    agent: null,
    filter: noFilter(),
    ...v,
  })

  it.each([
    [
      '/?seed=11&agents=500&feed=live&paused=1',
      view({}),
      '/?seed=11&agents=500&feed=live&paused=1',
    ],
    ['/?seed=11&x=5&zoom=3&agent=old', view({}), '/?seed=11'],
    ['/?seed=11', view({ x: 120.54, y: -40.01, zoom: 2.254 }), '/?seed=11&x=120.5&y=-40&zoom=2.25'],
    ['/?zoom=2&seed=11', view({ zoom: 4.999 }), '/?seed=11&zoom=5'],
    ['/?seed=11', view({ x: -0.04, agent: 'Ab3dE9xZ' }), '/?seed=11&agent=Ab3dE9xZ'],
    ['/?seed=11#top', view({ y: 3 }), '/?seed=11&x=0&y=3#top'],
  ])('%s with %j → %s', (from, v, to) => {
    expect(formatViewUrl(HOME + from.slice(1), v)).toBe(HOME + to.slice(1))
  })

  it('never writes a URL over 2 KB: the hash, then the longest other parameters go', () => {
    const long = `${HOME}?seed=11&junk=${'j'.repeat(3000)}&feed=live#${'h'.repeat(500)}`
    const out = formatViewUrl(
      long,
      view({ x: 999_999.9, y: -999_999.9, zoom: 0.55, agent: 'a'.repeat(64) }),
    )
    expect(out.length).toBeLessThanOrEqual(MAX_URL_LENGTH)
    expect(out).toBe(
      `${HOME}?seed=11&feed=live&x=999999.9&y=-999999.9&zoom=0.55&agent=${'a'.repeat(64)}`,
    )
  })

  const anyFilter: fc.Arbitrary<AgentFilter> = fc.record({
    types: fc.integer({ min: 0, max: 0b11111 }),
    statuses: fc.integer({ min: 0, max: 0b1111 }),
    modes: fc.integer({ min: 0, max: 0b1111 }),
    energy: fc.integer({ min: 0, max: 0b1111 }),
    failing: fc.boolean(),
  })
  const filter = (f: Partial<AgentFilter>): AgentFilter => ({ ...noFilter(), ...f })

  it.each<[string, Partial<AgentFilter> | undefined, number]>([
    ['?seed=11', undefined, 0],
    ['?type=analyzer,collector', { types: 0b110 }, 0],
    ['?type=Analyzer,%20other', { types: 0b10010 }, 0],
    ['?status=processing&mode=explore', { statuses: 0b100, modes: 0b1 }, 0],
    ['?energy=low,critical&failing=1', { energy: 0b11, failing: true }, 0],
    ['?failing=true', { failing: true }, 0],
    ['?failing=0', {}, 0],
    ['?failing=yes', {}, 1],
    ['?type=analyzer,robot', { types: 0b10 }, 1],
    ['?type=&status=', {}, 2],
    ['?mode=%3Cscript%3E', {}, 1],
    [`?energy=${'low,'.repeat(20)}`, {}, 1],
  ])('filter %s', (search, want, notes) => {
    const parsed = parseViewParams(search)
    expect(parsed.view.filter).toEqual(want === undefined ? undefined : filter(want))
    expect(parsed.notes).toHaveLength(notes)
    for (const note of parsed.notes) expect(note).toMatch(/^\?(type|status|mode|energy|failing)=/)
  })

  it.each([
    ['/?seed=11&type=other', filter({}), '/?seed=11'],
    [
      '/?seed=11',
      filter({ types: 0b110, statuses: 0b100, modes: 1, energy: 0b11, failing: true }),
      '/?seed=11&type=analyzer,collector&status=processing&mode=explore&energy=critical,low&failing=1',
    ],
  ])('%s with filter %j → %s', (from, f, to) => {
    expect(formatViewUrl(HOME + from.slice(1), view({ filter: f }))).toBe(HOME + to.slice(1))
  })

  it('round trip: what is written parses back to the rounded view, the other parameters kept', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,64}$/)
    const others = fc.dictionary(
      fc.constantFrom('seed', 'agents', 'paused', 'feed', 'sim'),
      fc.string(),
    )
    fc.assert(
      fc.property(
        fc.double({ min: -MAX_PAN, max: MAX_PAN, noNaN: true }),
        fc.double({ min: -MAX_PAN, max: MAX_PAN, noNaN: true }),
        fc.double({ min: 0.5, max: 5, noNaN: true }),
        fc.option(id, { nil: null }),
        anyFilter,
        others,
        (x, y, zoom, agent, filter, rest) => {
          const href = `${HOME}?${new URLSearchParams(rest).toString()}`
          const out = formatViewUrl(href, { x, y, zoom, agent, filter })
          expect(out.length).toBeLessThanOrEqual(MAX_URL_LENGTH)
          const search = new URL(out).search
          const { view: back, notes } = parseViewParams(search)
          expect(notes).toEqual([])
          const r = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d || 0
          expect({ x: 0, y: 0, zoom: 1, agent: null, filter: noFilter(), ...back }).toEqual({
            x: r(x, 1),
            y: r(y, 1),
            zoom: r(zoom, 2),
            agent,
            filter,
          })
          const kept = new URLSearchParams(search)
          for (const [k, v] of Object.entries(rest)) expect(kept.get(k)).toBe(v)
        },
      ),
    )
  })
})

describe('the displayed swarm in the link', () => {
  const view = { x: 0, y: 0, zoom: 1, agent: null, filter: noFilter() }
  it('names the local sim by its seed and size, in place, never adding ?feed', () => {
    expect(
      formatViewUrl('http://h/?feed=sim&boot=0', {
        ...view,
        source: { feed: 'sim', seed: 42, agents: 5000 },
      }),
    ).toBe('http://h/?feed=sim&boot=0&seed=42&agents=5000')
    expect(
      formatViewUrl('http://h/?seed=1&agents=9&feed=sim', {
        ...view,
        source: { feed: 'sim', seed: 7, agents: 146 },
      }),
    ).toBe('http://h/?seed=7&feed=sim')
  })

  it('drops ?feed=sim for the live feed and leaves everything else alone', () => {
    expect(formatViewUrl('http://h/?feed=sim&seed=3', { ...view, source: { feed: 'live' } })).toBe(
      'http://h/?seed=3',
    )
    expect(formatViewUrl('http://h/?feed=live', { ...view, source: { feed: 'live' } })).toBe(
      'http://h/?feed=live',
    )
    expect(formatViewUrl('http://h/?feed=sim&seed=3', { ...view, source: null })).toBe(
      'http://h/?feed=sim&seed=3',
    )
  })
})

describe('?at: a moment of the live history', () => {
  it.each<[string, number | undefined, number]>([
    ['?at=1800000000000', 1_800_000_000_000, 0],
    ['?at=abc', undefined, 1],
    ['?at=-5', undefined, 1],
    ['?at=1.5', undefined, 1],
  ])('%s → at %s with %d note(s)', (search, at, notes) => {
    const parsed = parseViewParams(search)
    expect(parsed.view.at).toBe(at)
    expect(parsed.notes).toHaveLength(notes)
  })

  it('is written with the view and dropped when the view has none', () => {
    const view = { x: 0, y: 0, zoom: 1, agent: 'abc', filter: noFilter() }
    const href = 'http://h/?feed=live&at=5'
    expect(formatViewUrl(href, { ...view, at: 1_800_000_000_000.4 })).toBe(
      'http://h/?feed=live&agent=abc&at=1800000000000',
    )
    expect(formatViewUrl(href, view)).toBe('http://h/?feed=live&agent=abc')
  })
})

describe('moment links', () => {
  it.each<[string, number | null]>([
    ['http://h:1/?at=1800000000000&x=3', 1_800_000_000_000],
    ['/?feed=live&at=17', 17],
    ['http://h:1/chat?at=17', null],
    ['http://evil.example/?at=17', null],
    ['http://h:1/?at=soon', null],
    ['http://h:1/?x=1', null],
  ])('moment link %s → %s', (href, at) => {
    expect(momentOfLink(href, 'http://h:1')).toBe(at)
  })
})
