/**
 * The chat side of the streams attack in `npm run bench:attack` (RELIABILITY.md §12): wallets
 * signed in over HTTP (nonce + SIWS signature, as a browser does), the bronze room, the messages
 * that make its push stream carry data, and posters that keep it busy. Each poster signs in and
 * posts from its own loopback address, neither the attackers' (127.0.0.1) nor the bystander's
 * (127.0.0.2), so a per-address bound on the attackers does not silence the room.
 */
import type { NonceResponse } from '../../src/contracts/auth'
import type { Room } from '../../src/contracts/chat'
import { createTestWallet, signInMessageFor, type TestWallet } from '../../tests/helpers/wallet'
import { httpCall } from './attack-probe'
import { wallets } from './load-setup'

/** messages a wallet may post at once (server/rate-limit RATE_RULES.message: burst 10, then 1/s) */
const MESSAGE_BURST = 10
// Long messages (the limit is 1000 characters) so each push frame is about 1 KB.
const FILLER = 'non-reading stream load '.repeat(38)

export interface Poster {
  wallet: string
  cookie: string
  /** the poster's own loopback address */
  from: string
}

const json = (port: number, origin: string) => ({
  port,
  headers: {
    origin,
    'content-type': 'application/json',
  },
})

/**
 * Sign-In With Solana over HTTP from `from` (nonce, ed25519 signature, verify), as
 * tests/helpers/wallet.ts `signIn` does, but on closed connections from a chosen address (see
 * httpCall); returns the session cookie.
 */
async function signInFrom(base: string, w: TestWallet, from: string): Promise<string> {
  const { port, headers } = json(Number(new URL(base).port), base)
  const nonce = await httpCall({
    port,
    path: '/api/auth/nonce',
    method: 'POST',
    headers: { origin: base },
    from,
  })
  if (nonce.status !== 200) throw new Error(`nonce ${nonce.status}: ${nonce.body}`)
  const message = signInMessageFor(w, JSON.parse(nonce.body) as NonceResponse)
  const body = JSON.stringify({ address: w.address, message, signature: w.signBase58(message) })
  const res = await httpCall({
    port,
    path: '/api/auth/sign-in',
    method: 'POST',
    headers,
    body,
    from,
  })
  if (res.status !== 200) throw new Error(`sign-in ${res.status}: ${res.body}`)
  const cookie = res.setCookie
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('vpos_session='))
  if (!cookie) throw new Error('sign-in set no session cookie')
  return cookie
}

/** The first bronze room the server lists. */
export async function bronzeRoom(base: string, from: string): Promise<Room> {
  const res = await httpCall({ port: Number(new URL(base).port), path: '/api/chat/rooms', from })
  const room = (JSON.parse(res.body) as Room[]).find((r) => r.tier === 'bronze')
  if (!room) throw new Error(`no bronze room (${res.status})`)
  return room
}

/** The attacker: one bronze-tier demo wallet (1,000 to 9,999 vPOS), signed in from `from`. */
export async function signInAttacker(base: string, from: string): Promise<string> {
  return signInFrom(base, createTestWallet('attack-bronze', { tier: 'bronze' }), from)
}

/**
 * `count` platinum wallets signed in, ten at a time, each from its own 127.1.x.y address (like
 * bench/lib/load-setup.ts): the sign-in limit and any per-address bound see different visitors.
 */
export async function signInPosters(base: string, count: number): Promise<Poster[]> {
  const out: Poster[] = []
  const ws = wallets(count)
  for (let i = 0; i < ws.length; i += 10) {
    const batch = ws.slice(i, i + 10).map((w, k) => {
      const n = i + k + 2
      return { w, from: `127.1.${n >> 8}.${n & 255}` }
    })
    const cookies = await Promise.all(batch.map(({ w, from }) => signInFrom(base, w, from)))
    batch.forEach(({ w, from }, k) =>
      out.push({ wallet: w.address, cookie: cookies[k] as string, from }),
    )
  }
  return out
}

async function postMessage(base: string, roomId: string, p: Poster, n: number) {
  const { port, headers } = json(Number(new URL(base).port), base)
  const body = JSON.stringify({
    walletAddress: p.wallet,
    displayName: `poster ${p.wallet.slice(0, 6)}`,
    content: `#${n} ${FILLER}`,
  })
  const path = `/api/chat/rooms/${roomId}/messages`
  const res = await httpCall({
    port,
    path,
    method: 'POST',
    headers: { ...headers, cookie: p.cookie },
    body,
    from: p.from,
  })
  return res.status
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
