import { useEffect, useRef, useState } from 'react'
import { ENERGY_ANIMATION_MS, easedValue } from './hoverCard'

/**
 * `target`, animated: each change eases from the value on screen to the new one over `duration` ms
 * (ease-out cubic). Driven by requestAnimationFrame; nothing runs while the value is still.
 */
export function useEasedNumber(target: number, duration = ENERGY_ANIMATION_MS): number {
  const [shown, setShown] = useState(target)
  const shownRef = useRef(target)
  useEffect(() => {
    const from = shownRef.current
    if (from === target) return
    const start = performance.now()
    let raf = 0
    const step = () => {
      const v = easedValue(from, target, performance.now() - start, duration)
      shownRef.current = v
      setShown(v)
      if (v !== target) raf = requestAnimationFrame(step)
    }
    raf = requestAnimationFrame(step)
    return () => cancelAnimationFrame(raf)
  }, [target, duration])
  return shown
}
