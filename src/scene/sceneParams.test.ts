import { describe, expect, it } from 'vitest'
import { parseSceneParams } from './sceneParams'

describe('parseSceneParams', () => {
  it.each([
    ['', { links: true, bench: false }],
    ['?links=0', { links: false, bench: false }],
    ['?links=false&bench=1', { links: false, bench: true }],
    ['?links=1', { links: true, bench: false }],
    ['?links=banana', { links: true, bench: false }],
    ['?bench=true&agents=100000', { links: true, bench: true }],
    ['?bench=0', { links: true, bench: false }],
    ['?links=OFF', { links: false, bench: false }],
  ])('%j → %o', (search, want) => {
    expect(parseSceneParams(search)).toEqual(want)
  })
})
