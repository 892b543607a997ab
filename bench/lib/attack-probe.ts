/**
 * What `npm run bench:attack` (issue 29) measures from outside the server: its memory
 * (/proc/<pid>/status), the kernel's send queues of its sockets (`ss`), which attacker sockets are
 * still open, and a bystander polling the health route on a fresh connection from another
 * loopback address (127.0.0.2), so a per-address cap on the attackers (127.0.0.1) does not refuse it.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { promisify } from 'node:util'
import { fmt, percentile } from './lag'

const run = promisify(execFile)
export const BYSTANDER_ADDRESS = '127.0.0.2'

/** Resident and peak resident memory of a process, in MB (0 once it has exited). */
export function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) =>
      Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0)
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 }
  } catch {
    return { rssMb: 0, hwmMb: 0 }
  }
}

export interface SocketCensus {
  /** Send-Q summed over the server's connected sockets on its port, in MB */
  serverSendQMb: number
  /** the same, established sockets only */
  establishedSendQMb: number
  /** the server's sockets on its port, TIME-WAIT left out (those hold no memory of the process) */
  serverSockets: number
  /** established sockets owned by the attacker process (seen from its side) */
  attackerOpen: number
  /**
   * Recv-Q summed over the attacker's sockets, in MB: what the attacker's own kernel has taken in
   * and not handed over (on the attacker's machine in a real attack, so not the server's cost)
   */
  attackerRecvQMb: number
}

/** One `ss` listing of the sockets on `port` (both ends live on this machine). */
export async function socketCensus(port: number, attackerPid: number): Promise<SocketCensus> {
  const filter = `( sport = :${port} or dport = :${port} )`
  const { stdout } = await run('ss', ['-Htanp', filter], { maxBuffer: 64 << 20 })
  const out = {
    serverSendQMb: 0,
    establishedSendQMb: 0,
    serverSockets: 0,
    attackerOpen: 0,
    attackerRecvQMb: 0,
  }
  for (const line of stdout.split('\n')) {
    const [state, recvQ, sendQ, local] = line.trim().split(/\s+/)
    if (!state || state === 'LISTEN' || local === undefined) continue
    if (local.endsWith(`:${port}`)) {
      const mb = Number(sendQ) / (1 << 20)
      out.serverSendQMb += mb
      if (state === 'ESTAB') out.establishedSendQMb += mb
      if (state !== 'TIME-WAIT') out.serverSockets++
    } else if (line.includes(`pid=${attackerPid},`)) {
      out.attackerRecvQMb += Number(recvQ) / (1 << 20)
      if (state === 'ESTAB') out.attackerOpen++
    }
  }
  return out
}

interface Poll {
  startedAt: number
  ms: number
  ok: boolean
}

/** GET `path` on a fresh connection from the bystander address; never rejects. */
function poll(port: number, path: string, timeoutMs: number): Promise<Poll> {
  const startedAt = performance.now()
  return new Promise((resolve) => {
    let settled = false
    const done = (ok: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.destroy()
      resolve({ startedAt, ms: performance.now() - startedAt, ok })
    }
    const req = request(
      { host: '127.0.0.1', port, path, agent: false, localAddress: BYSTANDER_ADDRESS },
      (res) => {
        res.resume()
        res.on('end', () => done(res.statusCode === 200))
        res.on('error', () => done(false))
      },
    )
    const timer = setTimeout(() => done(false), timeoutMs)
    req.on('error', () => done(false))
    req.end()
  })
}

/** A bystander: one poll every `everyMs`, each on its own connection, until stopped. */
export function bystander(port: number, path: string, everyMs = 250, timeoutMs = 5_000) {
  const polls: Array<Promise<Poll>> = []
  const timer = setInterval(() => polls.push(poll(port, path, timeoutMs)), everyMs)
  return {
    /** stops polling and waits for the polls in flight */
    stop: async () => {
      clearInterval(timer)
      return Promise.all(polls)
    },
  }
}

export interface HealthFigures {
  p50: number
  p99: number
  max: number
  polls: number
  failures: number
}

/** Latency of the polls started in [from, to); a failed poll counts at its full time. */
export function healthIn(polls: readonly Poll[], from: number, to: number): HealthFigures {
  const inWindow = polls.filter((p) => p.startedAt >= from && p.startedAt < to)
  const ms = inWindow.map((p) => p.ms).sort((a, b) => a - b)
  return {
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? NaN,
    polls: inWindow.length,
    failures: inWindow.filter((p) => !p.ok).length,
  }
}

/** Seconds from `end` until a poll started after it answered 200 within `withinMs`; null: never. */
export function recoveryS(polls: readonly Poll[], end: number, withinMs = 1_000): number | null {
  const first = polls
    .filter((p) => p.startedAt >= end && p.ok && p.ms <= withinMs)
    .sort((a, b) => a.startedAt - b.startedAt)[0]
  return first ? (first.startedAt + first.ms - end) / 1000 : null
}

export const healthText = (h: HealthFigures) =>
  `p50 ${fmt(h.p50, 0)} / p99 ${fmt(h.p99, 0)} / max ${fmt(h.max, 0)} ms, ${h.failures} of ${h.polls} failed`

/**
 * Samples the target's memory and socket census every `everyMs` until stopped; keeps the peaks.
 * `ss` runs asynchronously so sampling never blocks the bystander's timers.
 */
export function sampler(pid: number, port: number, attackerPid: () => number, everyMs = 250) {
  const peak = { rssMb: 0, serverSendQMb: 0, serverSockets: 0 }
  let last: SocketCensus | null = null
  let busy = false
  const timer = setInterval(() => {
    peak.rssMb = Math.max(peak.rssMb, memoryOf(pid).rssMb)
    if (busy) return
    busy = true
    socketCensus(port, attackerPid())
      .then((c) => {
        last = c
        peak.serverSendQMb = Math.max(peak.serverSendQMb, c.serverSendQMb)
        peak.serverSockets = Math.max(peak.serverSockets, c.serverSockets)
      })
      .catch(() => undefined)
      .finally(() => (busy = false))
  }, everyMs)
  return {
    peak,
    last: () => last,
    stop: () => clearInterval(timer),
  }
}
