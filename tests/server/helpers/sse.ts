/** A minimal Server-Sent Events reader over fetch, for the push-channel tests. */
export interface SseEvent {
  id?: string
  event: string
  data: string
}

export interface SseStream {
  status: number
  events: SseEvent[]
  /** resolves with the first event (from the start of the stream) that `match` accepts */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>
  close(): void
  closed: Promise<void>
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const ctrl = new AbortController()
  const res = await fetch(url, { headers, signal: ctrl.signal })
  const events: SseEvent[] = []
  const waiters = new Set<() => void>()
  let done = false
  const closed = (async () => {
    if (!res.body) return
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    try {
      for (;;) {
        const { value, done: end } = await reader.read()
        if (end) break
        buffer += value
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const e: SseEvent = { event: 'message', data: '' }
          let hasData = false
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':')
            if (colon === 0) continue
            const field = colon < 0 ? line : line.slice(0, colon)
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
            if (field === 'id') e.id = value
            else if (field === 'event') e.event = value
            else if (field === 'data') {
              e.data += (hasData ? '\n' : '') + value
              hasData = true
            }
          }
          if (hasData) events.push(e)
        }
        for (const w of [...waiters]) w()
      }
    } catch {
      // aborted
    } finally {
      done = true
      for (const w of [...waiters]) w()
    }
  })()
  return {
    status: res.status,
    events,
    closed,
    close: () => ctrl.abort(),
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find(match)
          if (hit) {
            waiters.delete(check)
            clearTimeout(timer)
            resolve(hit)
          } else if (done) {
            waiters.delete(check)
            clearTimeout(timer)
            reject(new Error('stream ended'))
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no matching event in ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
  }
}
