/** Small React hooks of the Swarm Core view (media queries, polling, timers). */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { theme } from '../../ui/theme'

/** True while `query` matches (re-renders on change). */
function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query)
      mql.addEventListener('change', notify)
      return () => mql.removeEventListener('change', notify)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

const MOBILE_QUERY = `(max-width: ${theme.breakpoint.mobile - 1}px)`

/** Phone layout (below the theme's 768 px breakpoint). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY)
}

/** Portrait tablets (768 px up to 1199 px wide, taller than wide): the dock layout. */
const TABLET_PORTRAIT_QUERY = `(min-width: ${theme.breakpoint.mobile}px) and (max-width: 1199px) and (orientation: portrait)`

/** Which Swarm Core layout the screen gets: phone dock, tablet dock, or desktop columns. */
export function useSwarmLayout(): 'phone' | 'tablet' | 'desktop' {
  const phone = useIsMobile()
  const tablet = useMediaQuery(TABLET_PORTRAIT_QUERY)
  return phone ? 'phone' : tablet ? 'tablet' : 'desktop'
}

/**
 * A value read from outside React (`read`) now and then every `ms` — how panels follow per-frame
 * buffers without subscribing to every frame. Re-reads at once when `key` changes.
 */
export function usePolled<T>(read: () => T, ms: number, key: unknown): T {
  const [state, setState] = useState(() => ({ key, value: read() }))
  const readRef = useRef(read)
  useEffect(() => {
    readRef.current = read
  })
  useEffect(() => {
    setState({ key, value: readRef.current() })
    const h = setInterval(() => setState({ key, value: readRef.current() }), ms)
    return () => clearInterval(h)
  }, [key, ms])
  // A new key shows its first reading in the same render instead of one frame of the old value.
  return state.key === key ? state.value : read()
}

/** Alternates false/true every `ms` while `on` (the processing spinner). */
export function useToggle(on: boolean, ms: number): boolean {
  const [phase, setPhase] = useState(false)
  useEffect(() => {
    if (!on) return
    const h = setInterval(() => setPhase((p) => !p), ms)
    return () => clearInterval(h)
  }, [on, ms])
  return on && phase
}
