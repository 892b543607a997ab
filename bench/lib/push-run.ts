/**
 * Part 3 of `npm run bench:load` (RELIABILITY.md §10): chat push delivery across two server
 * processes on one PostgreSQL database and one Redis. LOAD_READERS readers (500) hold a room's SSE
 * push channel, alternating between the two instances, in 10 rooms; LOAD_POSTERS posters (200) post
 * one message every 5 s, alternating instances too, for LOAD_PUSH_SECONDS (60). Prints messages
 * acknowledged, deliveries expected (every reader of the room) and made, LOST (acknowledged but not
 * seen by a reader of its room), DUPLICATED (seen twice by one reader), OUT OF ORDER (an id below
 * one the reader already had), reconnects, and the delivery latency from the poster's send to each
 * reader's receipt (p50 / p99 / max).
 *
 * Sessions are written straight into the database (sign-in is measured by part 1, not here).
 */
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { insertSession } from '../../server/db/auth.repository'
import type { Kysely } from 'kysely'
import { isoAt, openDatabase, type Database } from '../../server/db/database'
import { sessionIdOf } from '../../server/http/session'
import { backends } from '../../tests/server/helpers/backends'
import { REDIS_URL, dropRedisPrefix, redisAvailable } from '../../tests/server/helpers/redis'
import { startServer, exited, type ServerProcess } from '../../tests/server/helpers/server-process'
import { fmt, machineLoad, percentile } from './lag'
import { tenRooms, wallets } from './load-setup'

const CLIENT_PROCS = 2
const POST_MS = 5_000
// Readers keep reading this long after the last post (a loaded machine delivers late).
const DRAIN_MS = 10_000

type Msg = Record<string, unknown>
interface PushResult {
  sent: Array<{ clientId: string; room: string; id: number | null }>
  latencies: number[]
  reconnects: number
  statuses: Record<string, number>
  readers: Array<{ room: string; seen: number[]; duplicates: number; outOfOrder: number }>
  /** unread-count events the unread streams received */
  unreadEvents: number
}

function client() {
  const proc = fork(fileURLToPath(new URL('../load-push-clients.mjs', import.meta.url)), {
    stdio: 'inherit',
  })
  const next = (cmd: string) =>
    new Promise<Msg>((resolve) => {
      const on = (m: Msg) => {
        if (m.cmd !== cmd) return
        proc.off('message', on)
        resolve(m)
      }
      proc.on('message', on)
    })
  return { proc, next, send: (m: Msg) => proc.send(m) }
}

export async function pushRun(opts: { readers: number; posters: number; seconds: number }) {
  const pg = backends.find((b) => b().name === 'postgres')
  if (!pg || !redisAvailable) {
    console.log('\npush: SKIPPED (needs PostgreSQL and Redis)')
    return
  }
  const backend = pg()
  const prefix = `vpos_push_${randomBytes(4).toString('hex')}`
  const DATABASE_URL = await backend.create()
  // The readers share one loopback address: no per-address bounds (they hold per visitor).
  const env = {
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    MAX_SOCKETS_PER_ADDRESS: '0',
  }
  const servers: ServerProcess[] = []
  const { db } = openDatabase(DATABASE_URL)
  try {
    servers.push(await startServer(env)) // migrates the database
    servers.push(await startServer(env))
    const rooms = await tenRooms(db)
    const ids = await Promise.all(
      wallets(opts.readers + opts.posters).map(async (w) => {
        const token = randomBytes(32).toString('base64url')
        await insertSession(db, {
          id: sessionIdOf(token),
          walletAddress: w.address,
          createdAt: isoAt(),
          expiresAt: isoAt(Date.now() + 3_600_000),
        })
        return { wallet: w.address, cookie: `vpos_session=${token}` }
      }),
    )
    const at = (i: number) => servers[i % servers.length]!.base
    const readers = ids.slice(0, opts.readers).map((id, i) => ({
      base: at(i),
      cookie: id.cookie,
      wallet: id.wallet,
      room: rooms[i % rooms.length]!,
      name: `reader ${i}`,
      // Every fourth reader also holds the unread-count stream, as the chat page does.
      unreadStream: i % 4 === 0 && process.env.LOAD_UNREAD_STREAMS !== '0',
    }))
    await moderationAndUnreadOn(db, rooms, readers)
    const posters = ids.slice(opts.readers).map((id, i) => ({
      base: at(i + 1),
      cookie: id.cookie,
      wallet: id.wallet,
      room: rooms[i % rooms.length]!,
      // a name to mention: a reader of the same room
      mention: readers.filter((r) => r.room === rooms[i % rooms.length])[i % 7]?.name ?? null,
    }))

    const clients = Array.from({ length: CLIENT_PROCS }, client)
    const share = <T>(xs: T[], k: number) => xs.filter((_, i) => i % CLIENT_PROCS === k)
    const opened = await Promise.all(
      clients.map((c, k) => {
        const done = c.next('opened')
        c.send({ cmd: 'open', readers: share(readers, k) })
        return done
      }),
    )
    const failed = opened.reduce((n, m) => n + Number(m.failed), 0)
    console.log(
      `\n== push: ${readers.length} SSE readers (${readers.length - failed} open) over 2 instances, ${posters.length} posters, ${opts.seconds} s; machine: ${machineLoad()}`,
    )
    const results = (await Promise.all(
      clients.map((c, k) => {
        const done = c.next('result')
        c.send({
          cmd: 'post',
          posters: share(posters, k),
          runMs: opts.seconds * 1000,
          postMs: POST_MS,
          drainMs: DRAIN_MS,
        })
        return done
      }),
    )) as unknown as PushResult[]
    report(results)
    console.log(`machine after push: ${machineLoad()}`)
  } finally {
    for (const s of servers) s.proc.kill('SIGTERM')
    await Promise.all(servers.map((s) => exited(s.proc)))
    await db.destroy()
    await backend.drop()
    await dropRedisPrefix(prefix)
  }
}

/**
 * Moderation and unread on, as in production: slow mode (1 s, below the posters' 5 s) and previews
 * in every room, and the readers as participants under names the posters mention (`@reader N`), so
 * every post resolves mentions and the readers mark read as they receive (load-push-clients.mjs).
 */
async function moderationAndUnreadOn(
  db: Kysely<Database>,
  rooms: string[],
  readers: Array<{ wallet: string; room: string; name: string }>,
) {
  await db.updateTable('rooms').set({ slow_mode_seconds: 1, previews: 1 }).execute()
  for (let i = 0; i < readers.length; i += 500) {
    await db
      .insertInto('participants')
      .values(
        readers.slice(i, i + 500).map((r) => ({
          room_id: r.room,
          wallet_address: r.wallet,
          display_name: r.name,
          last_seen: isoAt(),
        })),
      )
      .execute()
  }
  console.log(
    `moderation and unread on in ${rooms.length} rooms: slow mode 1 s, previews, mentions, mark-read`,
  )
}

function report(results: PushResult[]) {
  const sent = results.flatMap((r) => r.sent)
  const acked = sent.filter((s) => s.id !== null)
  const readers = results.flatMap((r) => r.readers)
  const byRoom = new Map<string, number[]>()
  for (const s of acked) byRoom.set(s.room, [...(byRoom.get(s.room) ?? []), s.id as number])
  let expected = 0
  let lost = 0
  for (const r of readers) {
    const seen = new Set(r.seen)
    for (const id of byRoom.get(r.room) ?? []) {
      expected++
      if (!seen.has(id)) lost++
    }
  }
  const duplicated = readers.reduce((n, r) => n + r.duplicates, 0)
  const outOfOrder = readers.reduce((n, r) => n + r.outOfOrder, 0)
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b)
  const statuses: Record<string, number> = {}
  for (const r of results)
    for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v
  console.log(
    [
      `messages sent ${sent.length}, acknowledged ${acked.length}`,
      `deliveries expected ${expected}, made ${latencies.length}`,
      `LOST ${lost}  DUPLICATED ${duplicated}  OUT OF ORDER ${outOfOrder}  reconnects ${results.reduce((n, r) => n + r.reconnects, 0)}`,
      `delivery (send -> other readers): p50 ${fmt(percentile(latencies, 50), 1)} / p99 ${fmt(percentile(latencies, 99), 1)} / max ${fmt(latencies.at(-1) ?? NaN, 1)} ms`,
      `unread: marks ${statuses['read 200'] ?? 0} (refused ${Object.entries(statuses)
        .filter(([k]) => k.startsWith('read ') && k !== 'read 200')
        .reduce(
          (n, [, v]) => n + v,
          0,
        )}), unread-stream events ${results.reduce((n, r) => n + r.unreadEvents, 0)}`,
      `statuses ${JSON.stringify(statuses)}`,
    ].join('\n'),
  )
}
