import { describe, expect, it } from 'vitest'
import {
  connectionSplit,
  coreSplit,
  countText,
  modeTexts,
  networkBarPercent,
  objectiveLines,
  shortName,
} from './agentText'

describe('mode texts (§4)', () => {
  it.each([
    ['explore', 'Scanning area for anomalies', 'Area exploration'],
    ['target', 'Moving toward objective', 'Coordinate acquisition'],
    ['analyze', 'Processing collected data', 'Pattern analysis'],
    ['idle', 'Waiting for instructions', 'System maintenance'],
    ['warp', 'Unknown mode', 'Unknown mode'],
    ['toString', 'Unknown mode', 'Unknown mode'],
  ])('%s → %s / %s', (mode, text, detail) => expect(modeTexts(mode)).toEqual({ text, detail }))

  it('target mode adds the target coordinates', () => {
    expect(objectiveLines({ mode: 'target', target: { x: 120.4, y: 88.6 } })).toEqual([
      'Moving toward objective',
      'Coordinate acquisition',
      'Target coordinates (120, 89)',
    ])
  })

  it('other modes list no coordinates', () => {
    expect(objectiveLines({ mode: 'idle', target: { x: 1, y: 2 } })).toEqual([
      'Waiting for instructions',
      'System maintenance',
    ])
  })
})

describe('splits', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 0],
    [3, 2, 1],
    [5, 3, 2],
    [7, 4, 3],
    [10, 6, 4],
  ])('%s connections → %s data, %s control', (c, data, control) =>
    expect(connectionSplit(c)).toEqual({ data, control }),
  )

  it('three cores, one third each', () => {
    const cores = coreSplit(90)
    expect(cores).toEqual([30, 30, 30])
    expect(cores.reduce((a, b) => a + b)).toBe(90)
  })

  it.each([
    [0, 0],
    [5, 50],
    [7, 70],
    [10, 100],
    [12, 100],
  ])('network bar at %s connections is %s%% full', (c, pct) =>
    expect(networkBarPercent(c)).toBe(pct),
  )

  it('short name is the first five id characters', () =>
    expect(shortName('abcdefgh')).toBe('abcde'))
})

describe('countText', () => {
  it.each([
    [0, 'link', '0 links'],
    [1, 'link', '1 link'],
    [2, 'link', '2 links'],
    [1, 'connection', '1 connection'],
    [7, 'connection', '7 connections'],
  ])('%d %s → %s', (n, noun, text) => expect(countText(n, noun)).toBe(text))
})
