import { describe, expect, it } from 'vitest'
import { inNextTask } from './nextTask'

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
