/**
 * CPU time of the browser's threads, read from Linux /proc: where a machine's cores go while the
 * page runs (the bench launches Chromium as a child of its own process). Groups: the page's main
 * thread, its dedicated workers (the sim worker and the picking worker), the GPU process (with
 * SwiftShader, the rasteriser), the rest of the browser (browser process, compositor, IO threads)
 * and the bench's other child processes (the app's server: it runs the live swarm too).
 * GOTCHA: a renderer's main thread is the process's first thread (tid = pid) and keeps the
 * executable's name, not 'CrRendererMain'. Elsewhere than Linux, readings are null and the bench prints no CPU table.
 */
import { execSync } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'

export const THREAD_GROUPS = ['main', 'workers', 'gpu', 'other', 'server'] as const
type ThreadGroup = (typeof THREAD_GROUPS)[number]
export type ThreadCpu = Record<ThreadGroup, number>

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null // the process or thread has gone
  }
}

/** (name, parent pid, utime + stime in ticks) from a /proc …/stat line. */
function parseStat(stat: string): { comm: string; ppid: number; ticks: number } {
  const open = stat.indexOf('(')
  const close = stat.lastIndexOf(')')
  // after the name: field 3 (state) onwards; utime and stime are fields 14 and 15
  const f = stat.slice(close + 2).split(' ')
  return {
    comm: stat.slice(open + 1, close),
    ppid: Number(f[1]),
    ticks: Number(f[11]) + Number(f[12]),
  }
}

/** Thread ids of a process; none when it has gone. */
function tasks(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`)
  } catch {
    return []
  }
}

let msPerTick = 0

/** Milliseconds of CPU each group of the browser under this process has used so far; null: no /proc. */
export function browserThreadCpu(): ThreadCpu | null {
  if (process.platform !== 'linux') return null
  if (!msPerTick) {
    const hz = Number(execSync('getconf CLK_TCK').toString().trim())
    msPerTick = 1000 / (hz > 0 ? hz : 100)
  }
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = read(`/proc/${name}/stat`)
    if (!stat) continue
    const { ppid } = parseStat(stat)
    const list = children.get(ppid) ?? []
    list.push(Number(name))
    children.set(ppid, list)
  }
  const out: ThreadCpu = { main: 0, workers: 0, gpu: 0, other: 0, server: 0 }
  // [pid, whether it is the browser's]: the browser is the child launched with a debugging pipe
  const stack = (children.get(process.pid) ?? []).map(
    (pid) =>
      [pid, (read(`/proc/${pid}/cmdline`) ?? '').includes('--remote-debugging-pipe')] as const,
  )
  while (stack.length > 0) {
    const [pid, browser] = stack.pop()!
    for (const child of children.get(pid) ?? []) stack.push([child, browser])
    const cmdline = read(`/proc/${pid}/cmdline`) ?? ''
    const type = browser ? (/--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser') : 'server'
    for (const tid of tasks(pid)) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`)
      if (!stat) continue
      const { comm, ticks } = parseStat(stat)
      const group: ThreadGroup =
        type === 'server'
          ? 'server'
          : type === 'gpu-process'
            ? 'gpu'
            : type === 'renderer' && (tid === String(pid) || comm === 'CrRendererMain')
              ? 'main'
              : type === 'renderer' && comm.startsWith('DedicatedWorker')
                ? 'workers'
                : 'other'
      out[group] += ticks * msPerTick
    }
  }
  return out
}

/** CPU ms per second of each group between two readings `seconds` apart; null without /proc. */
export function cpuPerSecond(
  from: ThreadCpu | null,
  to: ThreadCpu | null,
  seconds: number,
): ThreadCpu | null {
  if (!from || !to || !(seconds > 0)) return null
  const rate = {} as ThreadCpu
  for (const g of THREAD_GROUPS) rate[g] = Math.max(0, to[g] - from[g]) / seconds
  return rate
}
