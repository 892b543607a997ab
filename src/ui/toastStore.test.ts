import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_REMOVE_DELAY_MS, clearToasts, dismissToast, toast, toastState } from './toastStore'

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    clearToasts()
    vi.useRealTimers()
  })

  it('shows at most one toast, newest first', () => {
    toast({ title: 'Connected' })
    toast({ title: 'Error: Failed to send message', variant: 'destructive' })
    expect(toastState.toasts).toHaveLength(1)
    expect(toastState.toasts[0]).toMatchObject({
      title: 'Error: Failed to send message',
      variant: 'destructive',
    })
  })

  it('defaults to 5000 ms and the default variant', () => {
    toast({ title: 'Disconnected' })
    expect(toastState.toasts[0]).toMatchObject({ duration: 5000, variant: 'default', open: true })
  })

  it('a dismissed toast closes at once and is removed after the removal delay', () => {
    const { id } = toast({ title: 'Purchase Successful' })
    dismissToast(id)
    expect(toastState.toasts[0]?.open).toBe(false)
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1)
    expect(toastState.toasts).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(toastState.toasts).toHaveLength(0)
  })
})
