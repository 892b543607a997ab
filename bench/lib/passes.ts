/**
 * bench:render's repeated passes (BENCH_PASSES): the whole-page matrix measured several times over,
 * the passes one after another (1, 10,000, 100,000, 1,000,000 agents, then again), each case's
 * figures averaged across them, and every pass's ratios printed, so the run-to-run noise of a
 * shared machine stands beside the figure instead of hiding in it.
 */
import { THREAD_GROUPS, type ThreadCpu } from './thread-cpu'

export interface CaseFigures {
  fps: number
  mainMs: number
  sceneMs: number
  renderMs: number
  frames: number
  /** longest gap between two animation frames (ms) */
  worstMs: number
  /** p95 of the displayed links' age (ms), NaN when not reported */
  linkAgeP95: number
  /** CPU ms per second of the browser's thread groups over the window (null: no /proc) */
  cpu: ThreadCpu | null
}

/** Agent count → one CaseFigures per CPU throttle, in the bench's throttle order. */
export type PageRows = [number, CaseFigures[]][]

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length

/** One case over several passes: the means, the worst frame's maximum, the frames' sum. */
function mergeFigures(list: CaseFigures[]): CaseFigures {
  const cpu = list.every((f) => f.cpu)
    ? (Object.fromEntries(
        THREAD_GROUPS.map((g) => [g, mean(list.map((f) => f.cpu![g]))]),
      ) as ThreadCpu)
    : null
  const ages = list.map((f) => f.linkAgeP95).filter((a) => Number.isFinite(a))
  return {
    fps: mean(list.map((f) => f.fps)),
    mainMs: mean(list.map((f) => f.mainMs)),
    sceneMs: mean(list.map((f) => f.sceneMs)),
    renderMs: mean(list.map((f) => f.renderMs)),
    frames: list.reduce((a, f) => a + f.frames, 0),
    worstMs: Math.max(...list.map((f) => f.worstMs)),
    linkAgeP95: ages.length > 0 ? mean(ages) : NaN,
    cpu,
  }
}

/** Passes over the same agent counts and throttles, merged case by case. */
export function mergePasses(passes: PageRows[]): PageRows {
  return passes[0]!.map(([n, figs], r) => [
    n,
    figs.map((_, k) => mergeFigures(passes.map((p) => p[r]![1][k]!))),
  ])
}

/** The row every ratio divides by: 1 agent, else the first. */
export function baseRow(rows: PageRows): [number, CaseFigures[]] {
  return rows.find(([n]) => n === 1) ?? rows[0]!
}

/**
 * One line per agent count (other than the base) and throttle: each pass's fps ratio and
 * main-ms ratio to its own 1-agent figure.
 */
export function passRatios(passes: PageRows[], throttles: number[]): string[] {
  const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—')
  const lines: string[] = []
  passes[0]!.forEach(([n], r) => {
    if (n === baseRow(passes[0]!)[0]) return
    throttles.forEach((t, k) => {
      const ratios = (key: 'fps' | 'mainMs') =>
        passes.map((p) => fmt(p[r]![1][k]![key] / baseRow(p)[1][k]![key])).join(' / ')
      lines.push(
        `${n.toLocaleString('en-US').padStart(9)}, CPU ${t}×: fps ratio ${ratios('fps')}; ` +
          `main ms ratio ${ratios('mainMs')}`,
      )
    })
  })
  return lines
}
