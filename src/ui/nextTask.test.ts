import { describe, expect, it } from 'vitest'
import { inNextTask, nextTask, startInNextTask } from './nextTask'

describe('inNextTask', () => {
  it('runs after the current task and its microtasks, not inside them', async () => {
    const order: string[] = []
    const done = new Promise<void>((resolve) =>
      inNextTask(() => {
        order.push('next task')
        resolve()
      }),
    )
    queueMicrotask(() => order.push('microtask'))
    order.push('this task')
    await done
    expect(order).toEqual(['this task', 'microtask', 'next task'])
  })

  it('never runs once cancelled', async () => {
    let ran = false
    const cancel = inNextTask(() => (ran = true))
    cancel()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(ran).toBe(false)
  })
})

describe('startInNextTask', () => {
  it('starts in the next task and its cleanup runs the stop the start returned', async () => {
    const log: string[] = []
    const cleanup = startInNextTask(() => {
      log.push('start')
      return () => log.push('stop')
    })
    expect(log).toEqual([])
    await nextTask()
    expect(log).toEqual(['start'])
    cleanup()
    expect(log).toEqual(['start', 'stop'])
  })

  it('a cleanup before the start cancels it', async () => {
    const log: string[] = []
    const cleanup = startInNextTask(() => {
      log.push('start')
    })
    cleanup()
    await nextTask()
    expect(log).toEqual([])
  })
})
