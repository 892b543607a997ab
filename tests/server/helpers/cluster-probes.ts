/**
 * Waiting and probing helpers of test:cluster (cluster-failover.test.ts): an instance's health and
 * the cluster's blockchain SSE stream.
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits for `cond` (usable in hooks, where expect.poll is not). */
export async function waitFor(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = performance.now() + ms
  while (!cond()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

interface Health {
  feed?: string
  feedTerm?: number
}

/** /api/health of one instance, or undefined when it does not answer within `ms` (stopped, dead). */
export async function health(base: string, ms = 1000): Promise<Health | undefined> {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(ms) })
    return (await res.json()) as Health
  } catch {
    return undefined
  }
}

/** Reads an SSE stream for `ms`; returns the numbered events (id, event, data). */
export async function readSse(url: string, ms: number, lastEventId?: number) {
  const headers: Record<string, string> = {}
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId)
  const ctrl = new AbortController()
  const res = await fetch(url, { headers, signal: ctrl.signal })
  const reader = res.body!.getReader()
  const events: { id: number; event: string; data: Record<string, unknown> }[] = []
  const timer = setTimeout(() => ctrl.abort(), ms)
  let text = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      text += Buffer.from(value).toString()
      let end: number
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end)
        text = text.slice(end + 2)
        const id = /^id: (\d+)$/m.exec(block)?.[1]
        const event = /^event: (.+)$/m.exec(block)?.[1]
        const data = /^data: (.+)$/m.exec(block)?.[1]
        if (id && event && data) events.push({ id: Number(id), event, data: JSON.parse(data) })
      }
    }
  } catch {
    /* aborted: done reading */
  } finally {
    clearTimeout(timer)
  }
  return events
}
