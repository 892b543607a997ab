/**
 * The chat side of the streams attack in `npm run bench:attack` (issue 29): wallets signed in over
 * HTTP (tests/helpers/wallet.ts `signIn`, nonce + SIWS signature, as a browser does), the bronze
 * room, the messages that make its push stream carry data, and a poster that keeps it busy.
 * Posts go from 127.0.0.3, neither the attackers' address nor the bystander's, so a per-address
 * cap on the attackers does not silence the room.
 */
import { request } from 'node:http'
import type { Room } from '../../src/contracts/chat'
import { createTestWallet, signIn } from '../../tests/helpers/wallet'
import { wallets } from './load-setup'

const POSTER_ADDRESS = '127.0.0.3'
/** messages a wallet may post at once (server/rate-limit RATE_RULES.message: burst 10, then 1/s) */
const MESSAGE_BURST = 10
// Long messages (the limit is 1000 characters) so each push frame is about 1 KB.
const FILLER = 'non-reading stream load '.repeat(38)

export interface Poster {
  wallet: string
  cookie: string
}

/** POST a JSON body from the poster address; resolves with the status (0: network error). */
function post(base: string, path: string, cookie: string, body: unknown): Promise<number> {
  const url = new URL(path, base)
  const data = JSON.stringify(body)
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        localAddress: POSTER_ADDRESS,
        timeout: 10_000,
        headers: {
          cookie,
          origin: base,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(0))
    req.end(data)
  })
}

/** The first bronze room the server lists. */
export async function bronzeRoom(base: string): Promise<Room> {
  const rooms = (await (await fetch(`${base}/api/chat/rooms`)).json()) as Room[]
  const room = rooms.find((r) => r.tier === 'bronze')
  if (!room) throw new Error('no bronze room')
  return room
}

/** The attacker: one bronze-tier demo wallet (1,000 to 9,999 vPOS), signed in. */
export async function signInAttacker(base: string): Promise<string> {
  return signIn(base, createTestWallet('attack-bronze', { tier: 'bronze' }))
}

/** `count` platinum wallets signed in, a few at a time (the sign-in limit is per address). */
export async function signInPosters(base: string, count: number): Promise<Poster[]> {
  const out: Poster[] = []
  const ws = wallets(count)
  for (let i = 0; i < ws.length; i += 10) {
    const batch = ws.slice(i, i + 10)
    const cookies = await Promise.all(batch.map((w) => signIn(base, w)))
    batch.forEach((w, k) => out.push({ wallet: w.address, cookie: cookies[k] as string }))
  }
  return out
}

function postMessage(base: string, roomId: string, p: Poster, n: number) {
  return post(base, `/api/chat/rooms/${roomId}/messages`, p.cookie, {
    walletAddress: p.wallet,
    displayName: `poster ${p.wallet.slice(0, 6)}`,
    content: `#${n} ${FILLER}`,
  })
}

/** Posts `count` messages into the room, each poster using its burst; returns statuses counted. */
export async function seedRoom(base: string, roomId: string, posters: Poster[], count: number) {
  const statuses: Record<string, number> = {}
  await Promise.all(
    posters.map(async (p, i) => {
      for (let k = 0; k < MESSAGE_BURST; k++) {
        const n = i * MESSAGE_BURST + k
        if (n >= count) return
        const s = await postMessage(base, roomId, p, n)
        statuses[s] = (statuses[s] ?? 0) + 1
      }
    }),
  )
  return statuses
}

/** Posters needed for `count` seed messages within the burst. */
export const postersFor = (count: number) => Math.max(10, Math.ceil(count / MESSAGE_BURST))

/** Posts `perSecond` messages a second, rotating over the posters, until stopped. */
export function keepPosting(base: string, roomId: string, posters: Poster[], perSecond: number) {
  const statuses: Record<string, number> = {}
  const inFlight: Array<Promise<void>> = []
  let n = 100_000
  const timer = setInterval(() => {
    const p = posters[n % posters.length] as Poster
    inFlight.push(
      postMessage(base, roomId, p, n++).then((s) => {
        statuses[s] = (statuses[s] ?? 0) + 1
      }),
    )
  }, 1000 / perSecond)
  return {
    stop: async () => {
      clearInterval(timer)
      await Promise.all(inFlight)
      return statuses
    },
  }
}
