// Child process for the push part of `npm run bench:load` (RELIABILITY.md §10): readers hold the
// room's push channel (SSE, GET …/events?after=<cursor>) the way the chat page does (useRoom.ts: a
// new stream from `?after=` its cursor, the largest message id received), reconnecting when a
// stream ends. A stream's ids must rise strictly: one at or below the cursor counts as out of
// order. Posters post one message every postMs with a unique clientId (resent with the same
// clientId after a failure). Each message carries its send time (epoch ms), so any process on this
// machine measures delivery latency against the same clock.
// With moderation and unread on, readers mark the room read as they receive (at most once per
// MARK_READ_MS plus up to 2 s at random, the newest id: the page's pace while messages keep coming,
// src/pages/chat/unread.ts), some hold the unread-count stream, and posters mention a reader by name.
// IPC in:  {cmd:'open', readers:[{base, cookie, wallet, room, unreadStream}]} -> {cmd:'opened', failed}
//          {cmd:'post', posters:[{base, cookie, wallet, room, mention}], runMs, postMs, drainMs}
//          -> {cmd:'result', sent, readers, latencies, reconnects, statuses, unreadEvents}

const clock = () => performance.timeOrigin + performance.now()
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

const MARK_READ_MS = 5_000
/** LOAD_MARK_READ=0: the readers never mark read (to see what marking costs the push) */
const MARK_READ = process.env.LOAD_MARK_READ !== '0'
const readers = []
const latencies = []
let unreadEvents = 0
let reconnects = 0
const statuses = {}
const count = (k) => (statuses[k] = (statuses[k] ?? 0) + 1)

/** One reader: keeps a stream open, resuming after its last id, until `stop`. */
function startReader(r) {
  const state = {
    room: r.room,
    last: 0,
    seen: new Set(),
    duplicates: 0,
    outOfOrder: 0,
    opened: null,
    stop: null,
  }
  let ctrl = null
  let stopped = false
  let first = true
  let marked = 0
  let markTimer = null
  const markRead = () => {
    markTimer = null
    if (state.last <= marked || stopped) return
    marked = state.last
    fetch(`${r.base}/api/chat/rooms/${r.room}/read`, {
      method: 'POST',
      headers: { cookie: r.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddress: r.wallet, messageId: marked }),
      signal: AbortSignal.timeout(10_000),
    }).then(
      (res) => count(`read ${res.status}`),
      () => count('read network error'),
    )
  }
  const unread = r.unreadStream ? startUnreadStream(r) : null
  state.stop = () => {
    stopped = true
    ctrl?.abort()
    unread?.abort()
    if (markTimer) clearTimeout(markTimer)
  }
  state.opened = new Promise((resolveOpened) => {
    const loop = async () => {
      while (!stopped) {
        ctrl = new AbortController()
        try {
          const res = await fetch(`${r.base}/api/chat/rooms/${r.room}/events?after=${state.last}`, {
            headers: { cookie: r.cookie },
            signal: ctrl.signal,
          })
          count(`stream ${res.status}`)
          if (res.status !== 200 || !res.body) throw new Error(`status ${res.status}`)
          if (first) resolveOpened(true)
          else reconnects++
          first = false
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
          let buf = ''
          for (;;) {
            const { value, done } = await reader.read()
            if (done) break
            buf += value
            let cut
            while ((cut = buf.indexOf('\n\n')) >= 0) {
              const block = buf.slice(0, cut)
              buf = buf.slice(cut + 2)
              if (!block.startsWith('id: ')) continue // only message events carry ids
              const dataLine = block.split('\n').find((l) => l.startsWith('data: '))
              if (!dataLine) continue
              const { message } = JSON.parse(dataLine.slice(6))
              const at = clock()
              if (state.seen.has(message.id)) state.duplicates++
              else if (message.id < state.last) state.outOfOrder++
              state.seen.add(message.id)
              state.last = Math.max(state.last, message.id)
              const sentAt = Number(/ t=([\d.]+)$/.exec(message.content)?.[1])
              if (sentAt) latencies.push(at - sentAt)
              if (MARK_READ)
                markTimer ??= setTimeout(markRead, MARK_READ_MS + Math.random() * 2_000)
            }
          }
        } catch {
          if (stopped) break
          if (first) {
            resolveOpened(false)
            first = false
          }
          count('stream error')
        }
        if (!stopped) await sleep(200)
      }
    }
    void loop()
  })
  readers.push(state)
  return state
}

/** The unread-count stream of a reader's wallet, counting the events it gets, until aborted. */
function startUnreadStream(r) {
  const ctrl = new AbortController()
  void (async () => {
    try {
      const res = await fetch(`${r.base}/api/chat/unread/events`, {
        headers: { cookie: r.cookie },
        signal: ctrl.signal,
      })
      count(`unread stream ${res.status}`)
      if (!res.body) return
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        unreadEvents += value.split('event: unread').length - 1
      }
    } catch {
      if (!ctrl.signal.aborted) count('unread stream error')
    }
  })()
  return ctrl
}

process.on('message', async (msg) => {
  if (msg.cmd === 'open') {
    const opened = []
    for (let i = 0; i < msg.readers.length; i += 50) {
      opened.push(
        ...(await Promise.all(msg.readers.slice(i, i + 50).map((r) => startReader(r).opened))),
      )
    }
    process.send({ cmd: 'opened', failed: opened.filter((ok) => !ok).length })
    return
  }
  if (msg.cmd !== 'post') return
  const { posters, runMs, postMs, drainMs } = msg
  const sent = []
  const endAt = performance.now() + runMs
  await Promise.all(
    posters.map(async (p, i) => {
      await sleep((i / posters.length) * postMs)
      for (let n = 0; performance.now() < endAt; n++) {
        const t0 = performance.now()
        const record = { clientId: `push-${p.wallet.slice(0, 8)}-${n}`, room: p.room, id: null }
        sent.push(record)
        const body = JSON.stringify({
          walletAddress: p.wallet,
          displayName: `poster ${i}`,
          content: `push message ${n}${p.mention && n % 3 === 0 ? ` @${p.mention}` : ''} t=${clock().toFixed(3)}`,
          clientId: record.clientId,
        })
        for (let attempt = 0; attempt < 5 && record.id === null; attempt++) {
          if (attempt > 0) await sleep(1000)
          try {
            const res = await fetch(`${p.base}/api/chat/rooms/${p.room}/messages`, {
              method: 'POST',
              headers: { cookie: p.cookie, 'content-type': 'application/json' },
              body,
              signal: AbortSignal.timeout(10_000),
            })
            count(`POST ${res.status}`)
            const json = await res.json().catch(() => null)
            if ((res.status === 201 || res.status === 200) && json) record.id = json.id
            else if (res.status >= 400 && res.status < 500 && res.status !== 429) break
          } catch {
            count('POST network error')
          }
        }
        await sleep(Math.max(0, postMs - (performance.now() - t0)))
      }
    }),
  )
  await sleep(drainMs)
  for (const r of readers) r.stop()
  // Exit only once the (large) result has gone through the IPC channel.
  process.send(
    {
      cmd: 'result',
      sent,
      latencies,
      reconnects,
      statuses,
      unreadEvents,
      readers: readers.map((r) => ({
        room: r.room,
        seen: [...r.seen],
        duplicates: r.duplicates,
        outOfOrder: r.outOfOrder,
      })),
    },
    () => process.exit(0),
  )
})
