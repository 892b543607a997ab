// Child process for the push part of `npm run bench:load` (RELIABILITY.md §10): readers hold the
// room's push channel (SSE, GET …/events?after=<cursor>) the way the chat page does (useRoom.ts: a
// new stream from `?after=` its cursor, the largest message id received), reconnecting when a
// stream ends. A stream's ids must rise strictly: one at or below the cursor counts as out of
// order. Posters post one message every postMs with a unique clientId (resent with the same
// clientId after a failure). Each message carries its send time (epoch ms), so any process on this
// machine measures delivery latency against the same clock.
// IPC in:  {cmd:'open', readers:[{base, cookie, room}]} -> {cmd:'opened', failed}
//          {cmd:'post', posters:[{base, cookie, wallet, room}], runMs, postMs, drainMs}
//          -> {cmd:'result', sent, readers, latencies, reconnects, statuses}

const clock = () => performance.timeOrigin + performance.now()
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

const readers = []
const latencies = []
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
  state.stop = () => {
    stopped = true
    ctrl?.abort()
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
          content: `push message ${n} t=${clock().toFixed(3)}`,
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
