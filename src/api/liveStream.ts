/**
 * A server push stream (Server-Sent Events) that reconnects by itself on the shared backoff
 * (docs/ARCHITECTURE.md "Unread, mentions and previews", "Chat moderation"): the unread counts and
 * the staff overview both hold one and poll only while it is down.
 */
import { useEffect, useRef, useState } from 'react'
import { backoffDelay } from '../contracts/reconnect'

/** Handlers by SSE event name; each gets the event's `data` parsed as JSON. */
export type LiveStreamHandlers = Record<string, (data: unknown) => void>

/**
 * Holds an EventSource on `url` while `enabled`; returns whether it is open now (callers poll
 * while it is not). The handlers may change from render to render without reconnecting.
 */
export function useLiveStream(url: string, enabled: boolean, handlers: LiveStreamHandlers) {
  const [live, setLive] = useState(false)
  const current = useRef(handlers)
  useEffect(() => {
    current.current = handlers
  })
  const names = Object.keys(handlers).sort().join(',')
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let retry: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let stopped = false
    const connect = () => {
      if (stopped) return
      const es = new EventSource(url)
      source = es
      es.onopen = () => {
        failures = 0
        setLive(true)
      }
      for (const name of names.split(',')) {
        es.addEventListener(name, (e) => {
          let data: unknown
          try {
            data = JSON.parse((e as MessageEvent<string>).data)
          } catch {
            return
          }
          current.current[name]?.(data)
        })
      }
      es.onerror = () => {
        es.close()
        setLive(false)
        if (!stopped) retry = setTimeout(connect, backoffDelay(++failures))
      }
    }
    connect()
    return () => {
      stopped = true
      clearTimeout(retry)
      source?.close()
      setLive(false)
    }
  }, [url, enabled, names])
  return live
}
