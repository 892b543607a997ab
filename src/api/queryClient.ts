import { notifyManager, QueryClient, type QueryFunction } from '@tanstack/react-query'
import { request, type Parser } from './http'

/** The URL a query key names: its string parts joined by '/' (['/api/chat/rooms', id, 'messages']). */
export function urlFromKey(queryKey: readonly unknown[]): string {
  return queryKey.filter((p) => typeof p === 'string' || typeof p === 'number').join('/')
}

/**
 * PRODUCT.md §7 default query: GET the key's URL through the one HTTP client, validated when given
 * a parser.
 */
export function getQueryFn<T = unknown>(parse?: Parser<T>): QueryFunction<T> {
  return ({ queryKey, signal }) => request<T>('GET', urlFromKey(queryKey), { parse, signal })
}

/**
 * PRODUCT.md §9 data fetching: never stale, no interval refetch, no refetch on focus, no retries.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}

// Cache updates (pushed chat events included) reach the components in a microtask, not a
// setTimeout(0): timers are throttled to 1 s in background tabs and frozen under a paused clock.
notifyManager.setScheduler(queueMicrotask)

/** The app's one query client (App provides it; stores write server state into it). */
export const appQueryClient = createQueryClient()
