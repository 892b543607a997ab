import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { preloadAfterFirstScreen } from '../scene/contentShown'
import { toastState } from '../ui/toastStore'
import { useLoaded } from '../ui/useLoaded'

const loadToaster = () => import('../ui/Toaster').then((m) => m.Toaster)

/** The longest the toaster waits for an idle moment once the first screen is shown (ms). */
const IDLE_TIMEOUT_MS = 2_000

/**
 * The toasts' region (`ui/Toaster.tsx`, Radix Toast) in a chunk of its own: no first screen shows
 * a toast, and Radix Toast was a twelfth of the entry script (33 KB of 400 KB, ~10 KB of brotli on
 * every route's first load). It loads once the first screen is shown and the page is idle, or at
 * once when a toast comes before that; the toast then shows as the chunk arrives
 * (docs/ARCHITECTURE.md, "Views a first screen does not draw").
 */
export function ToasterSlot() {
  const { toasts } = useSnapshot(toastState)
  const [idle, setIdle] = useState(false)
  useEffect(() => preloadAfterFirstScreen(() => setIdle(true), IDLE_TIMEOUT_MS), [])
  const Toaster = useLoaded(loadToaster, idle || toasts.length > 0)
  return Toaster && <Toaster />
}
