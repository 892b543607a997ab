import { useEffect, useState } from 'react'

/** The current time, refreshed every `everyMs` while `active` (a 1 s countdown's clock). */
export function useNow(everyMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const id = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(id)
  }, [everyMs, active])
  return now
}
