import { describe, expect, it } from 'vitest'
import { parseSceneParams } from './sceneParams'

describe('parseSceneParams', () => {
  it.each([
    ['', { links: true, bench: false, agentDraw: null, picker: 'auto' }],
    ['?links=0', { links: false, bench: false, agentDraw: null, picker: 'auto' }],
    ['?links=false&bench=1', { links: false, bench: true, agentDraw: null, picker: 'auto' }],
    ['?links=1', { links: true, bench: false, agentDraw: null, picker: 'auto' }],
    ['?links=banana', { links: true, bench: false, agentDraw: null, picker: 'auto' }],
    ['?bench=true&agents=100000', { links: true, bench: true, agentDraw: null, picker: 'auto' }],
    ['?bench=0', { links: true, bench: false, agentDraw: null, picker: 'auto' }],
    ['?links=OFF', { links: false, bench: false, agentDraw: null, picker: 'auto' }],
    ['?picker=main', { links: true, bench: false, agentDraw: null, picker: 'main' }],
    ['?picker=worker', { links: true, bench: false, agentDraw: null, picker: 'auto' }],
    ['?agentDraw=points', { links: true, bench: false, agentDraw: 'points', picker: 'auto' }],
  ])('%j → %o', (search, want) => {
    expect(parseSceneParams(search)).toEqual(want)
  })
})
