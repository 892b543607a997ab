// Child process for `npm run bench:load`: the chat side of the load, over real HTTP on loopback.
// Readers poll their room the way the chat page does (GET …/messages?after=<last id> every 3 s);
// posters post one message every 5 s with a unique clientId (resent with the same clientId after a
// failure, as the client does, so a retry can never store a message twice).
// IPC in:  {cmd:'start', base, readers:[{cookie, room}], posters:[{cookie, wallet, room}], runMs,
//           pollMs, postMs, drainMs}
// IPC out: {cmd:'baseline'} once every reader has its starting point, then {cmd:'result', ...}.

const now = () => performance.now()
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function counter() {
  const m = {}
  return { add: (k) => (m[k] = (m[k] ?? 0) + 1), get: () => m }
}

process.once('message', async (msg) => {
  if (msg.cmd !== 'start') return
  const { base, readers, posters, runMs, pollMs, postMs, drainMs } = msg
  const pollLatency = []
  const postLatency = []
  const statuses = counter()
  let networkErrors = 0

  async function request(method, path, cookie, body, into) {
    const t0 = now()
    try {
      const res = await fetch(base + path, {
        method,
        headers: body ? { cookie, 'content-type': 'application/json' } : { cookie },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      })
      const json = await res.json().catch(() => null)
      into?.push(now() - t0)
      statuses.add(`${method} ${res.status}`)
      return { status: res.status, json }
    } catch {
      networkErrors++
      statuses.add(`${method} network error`)
      return { status: 0, json: null }
    }
  }

  // Readers: a starting point first (the latest messages, as the page does on entry).
  const readerState = readers.map((r) => ({
    ...r,
    last: 0,
    seen: new Set(),
    duplicates: 0,
    polls: 0,
  }))
  await Promise.all(
    readerState.map(async (r) => {
      const res = await request('GET', `/api/chat/rooms/${r.room}/messages`, r.cookie)
      for (const m of Array.isArray(res.json) ? res.json : []) r.last = Math.max(r.last, m.id)
    }),
  )
  process.send({ cmd: 'baseline' })

  let reading = true
  async function poll(r) {
    const res = await request(
      'GET',
      `/api/chat/rooms/${r.room}/messages?after=${r.last}`,
      r.cookie,
      undefined,
      pollLatency,
    )
    r.polls++
    if (res.status !== 200 || !Array.isArray(res.json)) return
    for (const m of res.json) {
      if (r.seen.has(m.id)) r.duplicates++
      r.seen.add(m.id)
      r.last = Math.max(r.last, m.id)
    }
  }
  const readerLoops = readerState.map(async (r, i) => {
    await sleep((i / readerState.length) * pollMs)
    while (reading) {
      const t0 = now()
      await poll(r)
      await sleep(Math.max(0, pollMs - (now() - t0)))
    }
    await poll(r) // one last poll after the drain: whatever is stored must be there now
  })

  // Posters: one message every postMs, phases spread over the first period.
  const sent = []
  const endAt = now() + runMs
  let retries = 0
  const posterLoops = posters.map(async (p, i) => {
    await sleep((i / posters.length) * postMs)
    for (let n = 0; now() < endAt; n++) {
      const t0 = now()
      const clientId = `load-${i}-${n}`
      const record = { clientId, room: p.room, wallet: p.wallet, id: null, attempts: 0 }
      sent.push(record)
      const body = {
        walletAddress: p.wallet,
        displayName: `poster ${i}`,
        content: `load message ${n} from poster ${i}`,
        clientId,
      }
      while (record.attempts < 5 && record.id === null) {
        if (record.attempts > 0) {
          retries++
          await sleep(1000)
        }
        record.attempts++
        const res = await request(
          'POST',
          `/api/chat/rooms/${p.room}/messages`,
          p.cookie,
          body,
          postLatency,
        )
        if ((res.status === 201 || res.status === 200) && res.json) record.id = res.json.id
        else if (res.status >= 400 && res.status < 500 && res.status !== 429) break
      }
      await sleep(Math.max(0, postMs - (now() - t0)))
    }
  })
  await Promise.all(posterLoops)
  await sleep(drainMs)
  reading = false
  await Promise.all(readerLoops)

  process.send({
    cmd: 'result',
    sent,
    retries,
    networkErrors,
    statuses: statuses.get(),
    pollLatency,
    postLatency,
    readers: readerState.map((r) => ({
      room: r.room,
      last: r.last,
      seen: [...r.seen],
      duplicates: r.duplicates,
      polls: r.polls,
    })),
  })
  setTimeout(() => process.exit(0), 100)
})
