import { proxy } from 'valtio'

/**
 * PRODUCT.md §8: at most one toast shown; 5000 ms default; a dismissed toast is removed after
 * 1,000,000 ms.
 */
const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
export const TOAST_REMOVE_DELAY_MS = 1_000_000

export interface ToastItem {
  id: string
  title: string
  description?: string
  variant: 'default' | 'destructive'
  duration: number
  open: boolean
}

export type ToastInput = Partial<Pick<ToastItem, 'description' | 'variant' | 'duration'>> & {
  title: string
}

export const toastState = proxy<{ toasts: ToastItem[] }>({ toasts: [] })

let counter = 0
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()

/** Shows a toast (newest first, older ones beyond the limit dropped); returns its id and a dismiss. */
export function toast(input: ToastInput) {
  const id = String(++counter)
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
    open: true,
  }
  toastState.toasts = [item, ...toastState.toasts].slice(0, TOAST_LIMIT)
  return { id, dismiss: () => dismissToast(id) }
}

/** Closes a toast (it animates out) and schedules its removal from the list. */
export function dismissToast(id: string) {
  const t = toastState.toasts.find((x) => x.id === id)
  if (!t) return
  t.open = false
  if (removeTimers.has(id)) return
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id)
      toastState.toasts = toastState.toasts.filter((x) => x.id !== id)
    }, TOAST_REMOVE_DELAY_MS),
  )
}

export function clearToasts() {
  removeTimers.forEach(clearTimeout)
  removeTimers.clear()
  toastState.toasts = []
}
