import { describe, expect, it } from 'vitest'
import { completeInput, recallHistory, type Recall } from './keys'

describe('recallHistory (Up/Down)', () => {
  const h = ['help', 'status', 'ping']
  it('walks back and forth and restores the draft', () => {
    let at: Recall = { cursor: null, draft: '' }
    const seen: string[] = []
    let value = 'dra'
    for (const dir of ['up', 'up', 'up', 'up', 'down', 'down', 'down', 'down'] as const) {
      const r = recallHistory(h, at, value, dir)
      at = r.recall
      value = r.value
      seen.push(value)
    }
    expect(seen).toEqual(['ping', 'status', 'help', 'help', 'status', 'ping', 'dra', 'dra'])
  })
  it.each([
    ['up', 'x'],
    ['down', 'x'],
  ] as const)('with no history %s keeps the input', (dir, value) => {
    expect(recallHistory([], { cursor: null, draft: '' }, value, dir).value).toBe(value)
  })
})

describe('completeInput (Tab)', () => {
  it.each([
    ['he', 'help ', []],
    ['H', 'H', ['help', 'history']],
    ['HE', 'help ', []],
    ['l', 'log', ['login', 'logout']],
    ['log', 'log', ['login', 'logout']],
    ['logi', 'login ', []],
    ['login c', 'login co', ['core', 'compute']],
    ['login da', 'login database ', []],
    ['blockchain s', 'blockchain s', ['status', 'sync']],
    ['blockchain t', 'blockchain token ', []],
    [
      'mcp ',
      'mcp ',
      [
        'connect',
        'disconnect',
        'status',
        'subscribe',
        'unsubscribe',
        'request',
        'tx',
        'notifications',
        'help',
      ],
    ],
    ['mcp con', 'mcp connect ', []],
    ['mcp sub', 'mcp subscribe ', []],
    ['mcp subscribe tr', 'mcp subscribe transactions ', []],
    ['mcp request gets', 'mcp request getSlot ', []],
    ['MCP UNS', 'MCP unsubscribe ', []],
    ['zzz', 'zzz', []],
    ['ping x', 'ping x', []],
    [
      '',
      '',
      [
        'help',
        'clear',
        'status',
        'login',
        'logout',
        'blockchain',
        'ping',
        'agents',
        'history',
        'mcp',
      ],
    ],
  ])('%j -> %j %j', (input, value, candidates) => {
    expect(completeInput(input)).toEqual({ value, candidates })
  })
})
