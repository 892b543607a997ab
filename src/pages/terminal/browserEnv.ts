/** The terminal's TerminalEnv in the browser: page timers, EventSource, the swarm store, the API. */
import type { QueryClient } from '@tanstack/react-query'

import { marketTokenQuery } from '../token/queries'
import type { TerminalEnv } from './types'
import type { SwarmStore } from '../../state/swarmStore'

export function createBrowserEnv(store: SwarmStore, queryClient: QueryClient): TerminalEnv {
  return {
    schedule(fn, ms) {
      const id = window.setTimeout(fn, ms)
      return () => window.clearTimeout(id)
    },
    now: () => Date.now(),
    random: () => Math.random(),
    openMcpStream(url, handlers, events) {
      // Throws SyntaxError for a malformed URL: the interpreter reports it as 'Failed to connect'.
      const es = new EventSource(url)
      es.onopen = () => handlers.open()
      es.onerror = () => handlers.error()
      es.onmessage = (e: MessageEvent<string>) => handlers.message('message', e.data)
      for (const name of events) {
        es.addEventListener(name, (e: MessageEvent<string>) => handlers.message(name, e.data))
      }
      return es
    },
    agents: () => ({
      total: store.swarm.metrics.totalAgents,
      active: store.swarm.metrics.activeAgents,
      failing: store.swarm.failingCount,
      processingPower: store.swarm.metrics.processingPower,
      efficiency: store.swarm.efficiency,
      source: store.swarm.source,
    }),
    // staleTime 0: the terminal asks for a fresh answer (the server caches upstream calls anyway).
    tokenInfo: () => queryClient.fetchQuery({ ...marketTokenQuery, staleTime: 0 }),
  }
}
