import { describe, expect, it } from 'vitest'
import {
  consoleFilters,
  effectiveFilter,
  matchesFilter,
  messageTag,
  type ConsoleFilter,
} from './consoleFilters'

describe('console filters', () => {
  it('desktop offers ALL, SYS, ALERT, TASK, NODE; mobile only ALL, SYS, ALERT', () => {
    expect(consoleFilters(false)).toEqual(['ALL', 'SYS', 'ALERT', 'TASK', 'NODE'])
    expect(consoleFilters(true)).toEqual(['ALL', 'SYS', 'ALERT'])
  })

  const types = ['system', 'alert', 'task', 'node', 'analysis']
  it.each<[ConsoleFilter, string[]]>([
    ['ALL', types],
    ['SYS', ['system']],
    ['ALERT', ['alert']],
    ['TASK', ['task']],
    ['NODE', ['node']],
  ])('%s shows %j', (filter, shown) => {
    expect(types.filter((t) => matchesFilter(t, filter))).toEqual(shown)
  })

  it.each<[ConsoleFilter, boolean, ConsoleFilter]>([
    ['TASK', true, 'ALL'],
    ['NODE', true, 'ALL'],
    ['ALERT', true, 'ALERT'],
    ['TASK', false, 'TASK'],
  ])('%s on mobile=%s is %s', (f, mobile, eff) => expect(effectiveFilter(f, mobile)).toBe(eff))

  it.each([
    ['system', 'SYS'],
    ['alert', 'ALERT'],
    ['task', 'TASK'],
    ['node', 'NODE'],
    ['analysis', 'ANLS'],
    ['custom', 'CUSTO'],
  ])('%s is tagged %s', (type, tag) => expect(messageTag(type)).toBe(tag))
})
