/**
 * What `npm run bench:attack` (RELIABILITY.md §12) measures from outside the server: its memory
 * (/proc/<pid>/status), the kernel's send queues of its sockets (/proc/net/tcp, as `ss` shows
 * them), which attacker sockets are
 * still open, and a bystander polling the health route on a fresh connection from another
 * loopback address (127.0.0.2), so a per-address cap on the attackers (127.0.0.1) does not refuse
 * it.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { request } from 'node:http'
import { fmt, percentile } from './lag'

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

const TCP_STATE = { established: '01', timeWait: '06', listen: '0A' }

/** The inodes of the TCP sockets a process holds open (its /proc/<pid>/fd links). */
function socketInodes(pid: number): Set<string> {
  const out = new Set<string>()
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
        if (m?.[1]) out.add(m[1])
      } catch {
        /* closed meanwhile */
      }
    }
  } catch {
    /* the process has exited */
  }
  return out
}

/**
 * The sockets on `port`, read from /proc/net/tcp: its tx_queue and rx_queue are what `ss` shows as
 * Send-Q and Recv-Q. Read in this process rather than by running `ss`: `ss -p` costs ~40 ms of CPU
 * a call, which on a two-CPU machine, four times a second, would be taken from the server.
 */
export function socketCensus(port: number, attackerPid: number): SocketCensus {
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`
  const attacker = socketInodes(attackerPid)
  const out = {
    serverSendQMb: 0,
    establishedSendQMb: 0,
    serverSockets: 0,
    attackerOpen: 0,
    attackerRecvQMb: 0,
  }
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/)
    const [local, remote, state, queues, inode] = [f[1], f[2], f[3], f[4], f[9]]
    if (!local || !remote || !queues || !inode || state === TCP_STATE.listen) continue
    const [tx = '0', rx = '0'] = queues.split(':')
    if (local.endsWith(portHex)) {
      const mb = parseInt(tx, 16) / (1 << 20)
      out.serverSendQMb += mb
      if (state === TCP_STATE.established) out.establishedSendQMb += mb
      if (state !== TCP_STATE.timeWait) out.serverSockets++
    } else if (remote.endsWith(portHex) && attacker.has(inode)) {
      out.attackerRecvQMb += parseInt(rx, 16) / (1 << 20)
      if (state === TCP_STATE.established) out.attackerOpen++
    }
  }
  return out
}

export interface HttpCall {
  port: number
  path: string
  method?: string
  headers?: Record<string, string>
  body?: string
  /** the loopback address the connection comes from */
  from: string
  timeoutMs?: number
}

export interface HttpAnswer {
  /** 0: no answer (refused, reset, or timed out) */
  status: number
  body: string
  setCookie: string[]
  ms: number
}

/**
 * One request to 127.0.0.1 on a fresh connection from the address `from`, closed after the answer.
 * Not fetch: its pool keeps each connection open for the server's keep-alive hint (71 s), and
 * those would count against the attackers' address in a per-address socket cap. Never rejects.
 */
export function httpCall(c: HttpCall): Promise<HttpAnswer> {
  const started = performance.now()
  return new Promise((resolve) => {
    let settled = false
    const chunks: Buffer[] = []
    const done = (status: number, setCookie: string[] = []) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.destroy()
      const body = Buffer.concat(chunks).toString()
      resolve({ status, body, setCookie, ms: performance.now() - started })
    }
    const headers: Record<string, string | number> = { ...c.headers }
    if (c.body !== undefined) headers['content-length'] = Buffer.byteLength(c.body)
    const req = request(
      {
        host: '127.0.0.1',
        port: c.port,
        path: c.path,
        method: c.method ?? 'GET',
        headers,
        agent: false,
        localAddress: c.from,
      },
      (res) => {
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => done(res.statusCode ?? 0, res.headers['set-cookie'] ?? []))
        res.on('error', () => done(0))
      },
    )
    const timer = setTimeout(() => done(0), c.timeoutMs ?? 10_000)
    req.on('error', () => done(0))
    req.end(c.body)
  })
}

export interface Poll {
  /** when the poll started, on this process's performance.now() clock */
  startedAt: number
  ms: number
  ok: boolean
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

/** Samples the target's memory and socket census every `everyMs` until stopped; keeps the peaks. */
export function sampler(pid: number, port: number, attackerPid: () => number, everyMs = 250) {
  const peak = { rssMb: 0, serverSendQMb: 0, serverSockets: 0 }
  const timer = setInterval(() => {
    peak.rssMb = Math.max(peak.rssMb, memoryOf(pid).rssMb)
    const c = socketCensus(port, attackerPid())
    peak.serverSendQMb = Math.max(peak.serverSendQMb, c.serverSendQMb)
    peak.serverSockets = Math.max(peak.serverSockets, c.serverSockets)
  }, everyMs)
  return { peak, stop: () => clearInterval(timer) }
}
