import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGE_CAP } from '../sim'
import { appendMessage, pushError } from './messages'
import { RECENT_ERRORS_CAP } from './swarmState'
import { createSwarmStore, type SwarmStore } from './swarmStore'

let store: SwarmStore
beforeEach(() => {
  store = createSwarmStore({ seed: 1, agents: 10, paused: true, simThread: 'main' })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('console messages (§3 Message)', () => {
  it.each(['system', 'node', 'task', 'alert', 'analysis'] as const)(
    'type %s gets an id and the ISO timestamp of its append',
    (type) => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2025-04-05T06:07:08.090Z'))
      const m = appendMessage(store, type, 'hello')
      expect(m).toMatchObject({ type, text: 'hello', timestamp: '2025-04-05T06:07:08.090Z' })
      expect(store.swarm.messages.at(-1)).toEqual(m)
    },
  )

  it(`keeps the newest ${MESSAGE_CAP}, newest last`, () => {
    for (let k = 0; k < MESSAGE_CAP + 50; k++) appendMessage(store, 'system', `line ${k}`)
    expect(store.swarm.messages).toHaveLength(MESSAGE_CAP)
    expect(store.swarm.messages[0]!.text).toBe('line 50')
    expect(store.swarm.messages.at(-1)!.text).toBe(`line ${MESSAGE_CAP + 49}`)
    expect(new Set(store.swarm.messages.map((m) => m.id)).size).toBe(MESSAGE_CAP)
  })

  it(`recent errors are capped at ${RECENT_ERRORS_CAP}`, () => {
    for (let k = 0; k < 30; k++) {
      pushError(store, {
        id: `e${k}`,
        errorCode: 'AGT-101',
        message: 'm',
        timestamp: 't',
        agentId: 'a',
      })
    }
    expect(store.swarm.recentErrors).toHaveLength(RECENT_ERRORS_CAP)
    expect(store.swarm.recentErrors[0]!.id).toBe('e10')
  })
})
