import { useEffect, useRef, useState, type ComponentType } from 'react'

/**
 * A component from a chunk of its own, loaded the first time `wanted` holds: null until its
 * module has arrived, then the component. Rendered by a state update, not by suspending: a
 * Suspense boundary's reveal waits for a timer (React throttles it), which a page under a paused
 * clock (the browser tests' `clock.pauseAt`) never runs. A failed load is tried again the next
 * time `wanted` turns true.
 */
export function useLoaded<P>(
  load: () => Promise<ComponentType<P>>,
  wanted: boolean,
): ComponentType<P> | null {
  const [loaded, setLoaded] = useState<{ C: ComponentType<P> } | null>(null)
  const loading = useRef(false)
  useEffect(() => {
    if (!wanted || loaded || loading.current) return
    loading.current = true
    let live = true
    load().then(
      (C) => live && setLoaded({ C }),
      (err: unknown) => console.error('A part of the page failed to load', err),
    )
    return () => {
      live = false
      loading.current = false
    }
    // `load` is a module-level function at every call site
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, loaded])
  return loaded?.C ?? null
}
