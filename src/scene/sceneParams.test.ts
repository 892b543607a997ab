import { describe, expect, it } from 'vitest'
import { parseSceneParams } from './sceneParams'

describe('parseSceneParams', () => {
  it.each([
    ['', { links: true, bench: false, agentDraw: null }],
    ['?links=0', { links: false, bench: false, agentDraw: null }],
    ['?links=false&bench=1', { links: false, bench: true, agentDraw: null }],
    ['?links=1', { links: true, bench: false, agentDraw: null }],
    ['?links=banana', { links: true, bench: false, agentDraw: null }],
    ['?bench=true&agents=100000', { links: true, bench: true, agentDraw: null }],
    ['?bench=0', { links: true, bench: false, agentDraw: null }],
    ['?links=OFF', { links: false, bench: false, agentDraw: null }],
    ['?agentDraw=points', { links: true, bench: false, agentDraw: 'points' }],
  ])('%j → %o', (search, want) => {
    expect(parseSceneParams(search)).toEqual(want)
  })
})
