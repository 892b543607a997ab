import { QueryClientProvider } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { appQueryClient } from './queryClient'

/**
 * A page that reads the server through React Query, inside the app's one QueryClient. Only those
 * pages carry the provider (and React Query with it), so the entry script that every route's first
 * screen waits for does not (docs/ARCHITECTURE.md, "First load"); the client is one module-level
 * instance, so the cache outlives a change of route as before.
 */
export function withQueries(Page: ComponentType): ComponentType {
  function WithQueries() {
    return (
      <QueryClientProvider client={appQueryClient}>
        <Page />
      </QueryClientProvider>
    )
  }
  WithQueries.displayName = `WithQueries(${Page.displayName ?? Page.name})`
  return WithQueries
}
