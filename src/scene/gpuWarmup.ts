import { isSoftwareRenderer } from './agents/agentDraw'

/**
 * How long the scene waits for a quiet GPU before it starts regardless: on Swarm Core the scene is
 * the page, so not long; behind a dashboard it is decoration, and the page's own work comes first.
 */
const PATIENCE_MS = { core: 6_000, dashboard: 20_000 }
const PATIENCE_STEP_MS = 250
const SCOUT_GIVE_UP_MS = 35_000

let warmed: Promise<void> | null = null
/** Ends the scout (terminates its worker, resolves `warmed`); null until it is sent. */
let endScout: (() => void) | null = null

/**
 * Resolves when the scene may create its WebGL context without holding the page: once a scout
 * context in a worker (gpuWarmupWorker.ts) has started WebGL in the GPU process, named the renderer
 * and seen the GPU process answer at once; at most once per page. During a page's start-up the
 * GPU process is busy (the page's first frames, software WebGL's first programs) and each of the
 * ~20 questions that creating a context and three.js's renderer ask it then waits 50–350 ms on the
 * page's main thread; when it is quiet they take under a millisecond (bench:load-page;
 * docs/ARCHITECTURE.md, "The scene never blocks a page"). On a software renderer it also sets
 * `<html data-software-gl>` at once: the glass surfaces drop their backdrop blurs (src/ui/glass.ts),
 * whose recompositing is most of what keeps that GPU process busy. Never rejects: without workers
 * or OffscreenCanvas it resolves at once.
 */
function warmUpGpu(): Promise<void> {
  warmed ??= new Promise<void>((resolve) => {
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') {
      resolve()
      return
    }
    let worker: Worker
    try {
      worker = new Worker(new URL('./gpuWarmupWorker.ts', import.meta.url), { type: 'module' })
    } catch {
      resolve()
      return
    }
    const done = () => {
      clearTimeout(timer)
      worker.terminate()
      resolve()
    }
    endScout = done
    const timer = setTimeout(done, SCOUT_GIVE_UP_MS)
    worker.onmessage = (e: MessageEvent<{ renderer?: string | null; quiet?: true }>) => {
      if (isSoftwareRenderer(e.data.renderer ?? null)) {
        document.documentElement.dataset.softwareGl = '1'
      }
      if (e.data.quiet) done()
    }
    worker.onerror = done
  })
  return warmed
}

/** When the scout was sent (the patience below counts from then). */
let scoutStartedAt: number | null = null

/**
 * Sends the scout now, once per page. The app calls it as the scene's chunk starts loading
 * (`SceneHost` in src/app/App.tsx), so the chunk's load does not hold back the wait for a quiet GPU;
 * the patience below counts from the scout.
 */
export function startGpuScout(): void {
  scoutStartedAt ??= performance.now()
  void warmUpGpu()
}

/**
 * Waits for the scout's quiet GPU (`warmUpGpu`), at most PATIENCE_MS for where the scene is now:
 * `dimmed()` is read as it waits, so a visitor who opens Swarm Core meanwhile waits no longer than
 * Swarm Core's patience.
 */
export async function waitForQuietGpu(dimmed: () => boolean): Promise<void> {
  let quiet = false
  startGpuScout()
  void warmUpGpu().then(() => (quiet = true))
  const started = scoutStartedAt!
  while (!quiet) {
    const patience = dimmed() ? PATIENCE_MS.dashboard : PATIENCE_MS.core
    if (performance.now() - started >= patience) {
      // GOTCHA: the scout must not outlive the wait. On a GPU process that is never quiet (software
      // WebGL under a live 100,000-agent page) it went on asking every 25 ms for the rest of its
      // 30 s, each question a round trip through the GPU process beside the scene's own frames
      // (docs/ARCHITECTURE.md, "The scene never blocks a page").
      endScout?.()
      return
    }
    await new Promise((resolve) => setTimeout(resolve, PATIENCE_STEP_MS))
  }
}
