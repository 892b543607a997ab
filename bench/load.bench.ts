/**
 * `npm run bench:load` (RELIABILITY.md §8): the whole server under a realistic load, loopback only,
 * bounded in time, on SQLite (WAL file) and on PostgreSQL (skipped with a message when
 * unreachable).
 *
 * Part 1, per engine: 500 clients each hold a /ws live-feed socket and poll one of 10 chat rooms
 * every 3 s (GET …/messages?after=<last id>, as the chat page does), while 200 posters post one
 * message every 5 s into the same rooms, for LOAD_SECONDS (120). Prints messages sent / acknowledged
 * / stored / delivered, LOST (acknowledged but not stored, or stored but never seen by a reader of
 * its room: must be 0), DUPLICATED (stored twice or seen twice: must be 0), p50/p99 API latency,
 * the server's event-loop lag beside an idle control process, and feed frames delivered.
 *
 * Part 2, per engine: autocannon against GET messages (first page and poll) and POST message, then
 * against a Fastify hello-world in the same process, and the ratio route / hello-world.
 *
 * Part 3 (RELIABILITY.md §10, bench/lib/push-run.ts): the chat push channel — LOAD_READERS SSE
 * readers over two server processes on PostgreSQL + Redis and LOAD_POSTERS posters: delivery
 * latency to the other readers, lost, duplicated.
 *
 * The server runs in this process; the clients run in child processes (bench/load-*.mjs). It prints
 * figures; it does not pass or fail on them. Env: LOAD_SECONDS (120), LOAD_READERS (500),
 * LOAD_POSTERS (200), LOAD_AUTOCANNON_SECONDS (10), LOAD_ENGINES (sqlite,postgres),
 * LOAD_PUSH_SECONDS (60), LOAD_PARTS (poll,push: which parts run), LOAD_MARK_READ=0 (push readers
 * never mark read) and LOAD_UNREAD_STREAMS=0 (none holds the unread stream): what each costs.
 * Quick run: LOAD_SECONDS=15 LOAD_AUTOCANNON_SECONDS=3 LOAD_PUSH_SECONDS=15 npm run bench:load
 */
import { fork } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '../server/app'
import { testConfig } from '../server/config'
import { type Database, openDatabase } from '../server/db/database'
import type { Kysely } from 'kysely'
import { controlProbe, machineLoad, fmt, lagSampler, lagText, percentile } from './lib/lag'
import { type Engine, type Identity, engines, signInAll, tenRooms, wallets } from './lib/load-setup'
import { pushRun } from './lib/push-run'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 120)
const READERS = Number(process.env.LOAD_READERS ?? 500)
const POSTERS = Number(process.env.LOAD_POSTERS ?? 200)
const AC_SECONDS = Number(process.env.LOAD_AUTOCANNON_SECONDS ?? 10)
const ENGINES = (process.env.LOAD_ENGINES ?? 'sqlite,postgres').split(',').map((s) => s.trim())
const PARTS = (process.env.LOAD_PARTS ?? 'poll,push').split(',').map((s) => s.trim())
const PUSH_SECONDS = Number(process.env.LOAD_PUSH_SECONDS ?? 60)
const POLL_MS = 3000 // PRODUCT.md §9 message poll
const POST_MS = 5000
const DRAIN_MS = POLL_MS + 1000
const AC_CONNECTIONS = 50
/** wallets for the autocannon POST run: each has its own message bucket (burst 10, 1/s) */
const AC_WALLETS = 1000

type Msg = Record<string, unknown>
function child(script: string) {
  const proc = fork(fileURLToPath(new URL(script, import.meta.url)), { stdio: 'inherit' })
  const next = (cmd?: string) =>
    new Promise<Msg>((resolve) => {
      const on = (m: Msg) => {
        if (cmd && m.cmd !== cmd) return
        proc.off('message', on)
        resolve(m)
      }
      proc.on('message', on)
    })
  return { proc, next, send: (m: Msg) => proc.send(m) }
}

interface SentRecord {
  clientId: string
  room: string
  wallet: string
  id: number | null
  attempts: number
}
interface ChatResult {
  sent: SentRecord[]
  retries: number
  networkErrors: number
  statuses: Record<string, number>
  pollLatency: number[]
  postLatency: number[]
  readers: Array<{
    room: string
    /** the reader's cursor (?after=) at the end */
    last: number
    seen: number[]
    duplicates: number
    polls: number
  }>
}

const ms = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return `p50 ${fmt(percentile(s, 50), 1)} / p99 ${fmt(percentile(s, 99), 1)} ms (${s.length})`
}

async function loadRun(app: FastifyInstance, ids: Identity[], rooms: string[]) {
  const port = (app.server.address() as AddressInfo).port
  const base = `http://127.0.0.1:${port}`
  const readers = ids.slice(0, READERS).map((id, i) => ({ ...id, room: rooms[i % rooms.length] }))
  const posters = ids
    .slice(READERS, READERS + POSTERS)
    .map((id, i) => ({ ...id, room: rooms[i % rooms.length] }))

  const feed = child('./feed-clients.mjs')
  const feedReady = feed.next('ready')
  feed.send({ cmd: 'start', url: `ws://127.0.0.1:${port}/ws`, clients: READERS })
  await feedReady

  const chat = child('./load-chat-clients.mjs')
  const baseline = chat.next('baseline')
  const result = chat.next('result')
  chat.send({
    cmd: 'start',
    base,
    readers,
    posters,
    runMs: SECONDS * 1000,
    pollMs: POLL_MS,
    postMs: POST_MS,
    drainMs: DRAIN_MS,
  })
  await baseline
  const control = await controlProbe()
  control.start()
  const stopLag = lagSampler()
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const feedStats0 = { ...app.feed.relay.stats }
  const feedResult = feed.next('result')
  feed.send({ cmd: 'measure', ms: SECONDS * 1000 })
  const frames = await feedResult
  const lag = stopLag()
  const controlLag = await control.stop()
  const cpu = process.cpuUsage(cpu0)
  const wallMs = performance.now() - t0
  const r = (await result) as unknown as ChatResult
  const relay = app.feed.relay.stats
  return {
    r,
    rooms,
    lag,
    controlLag,
    cpuPct: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
    feed: {
      frames: Number(frames.frames),
      expected: READERS * 10 * SECONDS,
      skipped: relay.skipped - feedStats0.skipped,
      terminated: relay.terminated - feedStats0.terminated,
    },
  }
}

async function account(db: Kysely<Database>, run: Awaited<ReturnType<typeof loadRun>>) {
  const { r } = run
  const stored = await db
    .selectFrom('messages')
    .select(['id', 'room_id', 'wallet_address', 'client_id'])
    .where('client_id', 'like', 'load-%')
    .execute()
  const byClient = new Map<string, number[]>()
  for (const m of stored) {
    const key = `${m.room_id}|${m.wallet_address}|${m.client_id}`
    byClient.set(key, [...(byClient.get(key) ?? []), m.id])
  }
  const storedTwice = [...byClient.values()].filter((v) => v.length > 1).length
  const acked = r.sent.filter((s) => s.id !== null)
  const ackedNotStored = acked.filter(
    (s) => !byClient.has(`${s.room}|${s.wallet}|${s.clientId}`),
  ).length
  const idsByRoom = new Map<string, Set<number>>()
  for (const m of stored) {
    if (!idsByRoom.has(m.room_id)) idsByRoom.set(m.room_id, new Set())
    idsByRoom.get(m.room_id)?.add(m.id)
  }
  let expected = 0
  let delivered = 0
  let seenTwice = 0
  // A stored message a reader has not seen is SKIPPED (lost for good: its id is at or below the
  // reader's cursor, so no later poll returns it) or PENDING (above the cursor: the next
  // successful poll brings it; only an overloaded server leaves any at the end).
  let skipped = 0
  let pending = 0
  for (const reader of r.readers) {
    const roomIds = idsByRoom.get(reader.room) ?? new Set<number>()
    const seen = new Set(reader.seen)
    expected += roomIds.size
    for (const id of roomIds) {
      if (seen.has(id)) delivered++
      else if (id <= reader.last) skipped++
      else pending++
    }
    seenTwice += reader.duplicates
  }
  return {
    sent: r.sent.length,
    acked: acked.length,
    unacked: r.sent.length - acked.length,
    stored: stored.length,
    expected,
    delivered,
    lost: ackedNotStored + skipped,
    ackedNotStored,
    skipped,
    pending,
    duplicated: storedTwice + seenTwice,
    storedTwice,
    seenTwice,
  }
}

function printLoad(engine: string, run: Awaited<ReturnType<typeof loadRun>>, a: Msg) {
  const { r, feed } = run
  console.log(
    [
      `\n== ${engine}: ${READERS} feed+chat clients, ${POSTERS} posters, ${run.rooms.length} rooms, 1 message / ${POST_MS / 1000} s each, ${SECONDS} s`,
      `messages: sent ${a.sent}, acknowledged ${a.acked} (retries ${r.retries}, never acknowledged ${a.unacked}), stored ${a.stored}`,
      `deliveries: ${a.delivered} of ${a.expected} (every stored message × the readers of its room)`,
      `LOST ${a.lost} (acknowledged but not stored ${a.ackedNotStored}, skipped by a reader's cursor ${a.skipped}); still pending for a reader whose last polls failed: ${a.pending}`,
      `DUPLICATED ${a.duplicated} (stored twice ${a.storedTwice}, delivered twice ${a.seenTwice})`,
      `API latency: GET messages?after ${ms(r.pollLatency)}; POST message ${ms(r.postLatency)}`,
      `HTTP statuses: ${JSON.stringify(r.statuses)}; network errors ${r.networkErrors}`,
      `server event-loop lag ${lagText(run.lag)}; idle control ${lagText(run.controlLag)}; server CPU ${fmt(run.cpuPct, 0)}%`,
      `live feed: ${feed.frames} of ${feed.expected} position frames delivered (${fmt((100 * feed.frames) / feed.expected, 1)}%), skipped ${feed.skipped}, terminated ${feed.terminated}`,
    ].join('\n'),
  )
}

interface Cannon {
  requestsPerSec: number
  latencyP50: number
  latencyP99: number
  total: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, { count: number }>
}
async function cannon(job: Msg): Promise<Cannon> {
  const c = child('./load-autocannon.mjs')
  const done = c.next()
  c.send({ seconds: AC_SECONDS, connections: AC_CONNECTIONS, ...job })
  return (await done) as unknown as Cannon
}

const cannonLine = (name: string, c: Cannon, hello?: Cannon) => {
  const codes = Object.entries(c.statusCodes)
    .map(([k, v]) => `${k}×${v.count}`)
    .join(' ')
  const ratio = hello ? `  ratio ${fmt(c.requestsPerSec / hello.requestsPerSec, 3)}` : ''
  return `${name.padEnd(38)} ${fmt(c.requestsPerSec, 0).padStart(6)} req/s  p50 ${c.latencyP50} ms  p99 ${c.latencyP99} ms  [${codes}] errors ${c.errors + c.timeouts}${ratio}`
}

async function autocannonRuns(
  engine: string,
  app: FastifyInstance,
  db: Kysely<Database>,
  ids: Identity[],
) {
  const port = (app.server.address() as AddressInfo).port
  const hello = Fastify({ logger: false })
  hello.get('/', async () => ({ hello: 'world' }))
  await hello.listen({ port: 0, host: '127.0.0.1' })
  const helloPort = (hello.server.address() as AddressInfo).port
  const identities = ids.slice(0, AC_WALLETS)
  const last = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('max'))
    .where('room_id', '=', 'bronze-lounge')
    .executeTakeFirst()
  const url = (p: string) => `http://127.0.0.1:${port}${p}`
  const helloRun = await cannon({ url: `http://127.0.0.1:${helloPort}/`, method: 'GET' })
  const getPage = await cannon({
    url: url('/api/chat/rooms/bronze-lounge/messages'),
    method: 'GET',
    identities,
  })
  const getPoll = await cannon({
    url: url(`/api/chat/rooms/bronze-lounge/messages?after=${Number(last?.max ?? 0)}`),
    method: 'GET',
    identities,
  })
  const post = await cannon({
    url: url('/api/chat/rooms/bronze-lounge/messages'),
    method: 'POST',
    identities,
    post: true,
  })
  await hello.close()
  console.log(
    [
      `\n== ${engine}: autocannon, ${AC_CONNECTIONS} connections, ${AC_SECONDS} s each, sessions rotated over ${identities.length} wallets`,
      cannonLine('Fastify hello-world (same process)', helloRun),
      cannonLine('GET messages (latest 100)', getPage, helloRun),
      cannonLine('GET messages?after=<last> (a poll)', getPoll, helloRun),
      cannonLine('POST message', post, helloRun),
    ].join('\n'),
  )
}

async function bench(engine: Engine) {
  const app = await buildApp(
    // Its 700 visitors share one loopback address: no per-address bounds (they hold per visitor).
    testConfig({
      DATABASE_URL: engine.databaseUrl,
      CLIENT_DIR: '/nonexistent',
      MAX_SOCKETS_PER_ADDRESS: 0,
    }),
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  // The bench's own connection (migrated by the app above) for setup and the final accounting.
  const { db } = openDatabase(engine.databaseUrl)
  try {
    const rooms = await tenRooms(db)
    const t0 = performance.now()
    const ids = await signInAll(app, wallets(Math.max(READERS + POSTERS, AC_WALLETS)))
    console.log(
      `\n${engine.name}: ${ids.length} wallets signed in (SIWS) in ${fmt((performance.now() - t0) / 1000, 1)} s`,
    )
    const run = await loadRun(app, ids, rooms)
    printLoad(engine.name, run, await account(db, run))
    await autocannonRuns(engine.name, app, db, ids)
  } finally {
    await app.close()
    await db.destroy()
    await engine.drop()
  }
}

console.log(
  `bench:load — loopback only; ${SECONDS} s load per engine; engines: ${ENGINES.join(', ')}; node ${process.version}`,
)
console.log(`machine at start: ${machineLoad()}`)
if (PARTS.includes('poll')) for (const engine of await engines(ENGINES)) await bench(engine)
if (PARTS.includes('push'))
  await pushRun({ readers: READERS, posters: POSTERS, seconds: PUSH_SECONDS })
console.log(`\nmachine at end: ${machineLoad()}`)
process.exit(0)
