import { describe, expect, it } from 'vitest'
import { createSwarmSim } from '../../sim'
import { FIND_RESULT_CAP, findAgents, findQueryPrefix } from './findAgents'

describe('findQueryPrefix', () => {
  it.each([
    ['7f3', '7f3'],
    ['  7F3A2 ', '7f3a2'],
    ['Agent 7F3A2', '7f3a2'],
    ['AGENT:7f3', '7f3'],
    ['agent #ab', 'ab'],
    ['abcdefgh', 'abcdefgh'],
    ['agent', 'agent'], // an id may start with the letters a-g-e-n-t
    ['', null],
    ['   ', null],
    ['abcdefghi', null], // longer than any id
    ['7f-3', null],
    ['7f 3', null],
    ['ä', null],
    ['.*', null],
  ])('%j → %j', (query, prefix) => expect(findQueryPrefix(query)).toBe(prefix))
})

const swarm = {
  ids: ['ab12cd34', 'ab99zz00', 'x0000001', 'AB000000', 'ab12ffff', 'stale000'],
  count: 5, // 'stale000' lies past the displayed count
}

describe('findAgents', () => {
  it.each([
    ['ab', ['ab12cd34', 'ab99zz00', 'ab12ffff'], false],
    ['AB12', ['ab12cd34', 'ab12ffff'], false],
    ['Agent AB12C', ['ab12cd34'], false],
    ['ab12cd34', ['ab12cd34'], false],
    ['x', ['x0000001'], false],
    ['stale', [], false],
    ['zz', [], false], // a prefix, never a substring
    ['', [], false],
    ['a b', [], false],
  ])('%j → %j (more: %s)', (query, ids, more) =>
    expect(findAgents(swarm, query)).toEqual({ ids, more }),
  )

  it.each([
    [1, ['ab12cd34'], true],
    [2, ['ab12cd34', 'ab99zz00'], true],
    [3, ['ab12cd34', 'ab99zz00', 'ab12ffff'], false],
    [0, [], false],
  ])('cap %i → %j (more: %s)', (cap, ids, more) =>
    expect(findAgents(swarm, 'ab', cap)).toEqual({ ids, more }),
  )

  it('never reads past the ids it has (count larger than the array)', () => {
    expect(findAgents({ ids: ['ab000000'], count: 10 }, 'a')).toEqual({
      ids: ['ab000000'],
      more: false,
    })
  })

  it('finds every agent of a seeded swarm by its short name, and lists at most the cap', () => {
    const sim = createSwarmSim({ seed: 7, count: 500 })
    const b = sim.buffers
    for (let i = 0; i < b.count; i += 37) {
      const id = b.ids[i]!
      expect(findAgents(b, id.slice(0, 5).toUpperCase()).ids).toContain(id)
    }
    const wide = findAgents(b, b.ids[0]!.slice(0, 1))
    expect(wide.ids.length).toBeLessThanOrEqual(FIND_RESULT_CAP)
    expect(wide.ids.every((id) => id.startsWith(b.ids[0]!.slice(0, 1)))).toBe(true)
  })
})
