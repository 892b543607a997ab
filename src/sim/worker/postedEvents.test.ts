import { describe, expect, it } from 'vitest'
import { RECENT_ERRORS, type SimEvent } from '../events'
import { PostedEvents } from './postedEvents'

const message = (n: number): SimEvent => ({
  kind: 'message',
  message: { id: `m${n}`, type: 'system', text: `line ${n}`, timestamp: '' },
})
const error = (n: number): SimEvent => ({
  kind: 'error',
  index: n,
  error: { id: `e${n}`, errorCode: 'AGT-101', message: '', timestamp: '', agentId: `a${n}` },
})

describe('PostedEvents: what the sim worker posts of the sim events', () => {
  it('posts every console message, the newest RECENT_ERRORS errors, and nothing else', () => {
    const q = new PostedEvents()
    expect(q.pending).toBe(false)
    q.add(message(1))
    for (let n = 1; n <= 1000; n++) q.add(error(n))
    q.add({ kind: 'recovery', agentId: 'a1', index: 1 })
    q.add({ kind: 'active', isActive: false, actionText: '' })
    q.add(message(2))
    expect(q.pending).toBe(true)
    const posted = q.take()
    expect(posted.filter((e) => e.kind === 'message').map((e) => e.message.id)).toEqual([
      'm1',
      'm2',
    ])
    const errors = posted.flatMap((e) => (e.kind === 'error' ? [e.index] : []))
    expect(errors).toEqual(
      Array.from({ length: RECENT_ERRORS }, (_, k) => 1001 - RECENT_ERRORS + k),
    )
    expect(posted).toHaveLength(2 + RECENT_ERRORS)
    expect(q.pending).toBe(false)
    expect(q.take()).toEqual([])
  })

  it('a few errors go as they are', () => {
    const q = new PostedEvents()
    q.add(error(1))
    q.add({ kind: 'failing', agentId: 'a2', index: 2 })
    q.add(error(2))
    expect(q.take().map((e) => (e.kind === 'error' ? e.index : -1))).toEqual([1, 2])
  })
})
