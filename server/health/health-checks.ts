/**
 * What /api/health reports beside the process itself: one probe per dependency (the database),
 * each bounded in time, so a hung dependency reads as `unavailable` within `timeoutMs` instead of
 * `ok` (RELIABILITY.md §9, finding 8d: health said ok while the database hung). Results are cached
 * for `cacheMs` and shared by concurrent callers, so a health-check flood is one probe a second.
 */
export type ProbeState = 'ok' | 'unavailable'

export class HealthChecks {
  private readonly probes = new Map<string, () => Promise<unknown>>()
  private last: { at: number; report: Promise<Record<string, ProbeState>> } | undefined

  constructor(
    private readonly timeoutMs = 1_500,
    private readonly cacheMs = 1_000,
  ) {}

  register(name: string, probe: () => Promise<unknown>): void {
    this.probes.set(name, probe)
    this.last = undefined
  }

  report(now = performance.now()): Promise<Record<string, ProbeState>> {
    if (this.last && now - this.last.at < this.cacheMs) return this.last.report
    const report = this.run()
    this.last = { at: now, report }
    return report
  }

  private async run(): Promise<Record<string, ProbeState>> {
    const entries = await Promise.all(
      [...this.probes].map(async ([name, probe]) => [name, await this.bounded(probe)] as const),
    )
    return Object.fromEntries(entries)
  }

  private async bounded(probe: () => Promise<unknown>): Promise<ProbeState> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<ProbeState>((resolve) => {
      timer = setTimeout(() => resolve('unavailable'), this.timeoutMs)
    })
    try {
      return await Promise.race([
        probe().then(
          (): ProbeState => 'ok',
          (): ProbeState => 'unavailable',
        ),
        timeout,
      ])
    } finally {
      clearTimeout(timer)
    }
  }
}
