import { QueryClient, type QueryFunction } from '@tanstack/react-query'
import { throwIfNotOk } from './http'

export type UnauthorizedBehavior = 'returnNull' | 'throw'

/** The URL a query key names: its string parts joined by '/' (['/api/chat/rooms', id, 'messages']). */
export function urlFromKey(queryKey: readonly unknown[]): string {
  return queryKey.filter((p) => typeof p === 'string' || typeof p === 'number').join('/')
}

/** §7 default query: GET the key's URL with cookies, JSON body; 401 throws unless asked to yield null. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(urlFromKey(queryKey), { credentials: 'include', signal })
    if (on401 === 'returnNull' && res.status === 401) return null
    await throwIfNotOk(res)
    return (await res.json()) as T
  }
}

/** §9 data fetching: never stale, no interval refetch, no refetch on focus, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}
