/**
 * `npm run bench:clip`: how long a clip export takes (issue 33, "Show": 10 s at 1280×720, 30 fps).
 * In headless Chromium on SwiftShader at a 1280×720 viewport (device pixel ratio 1, so the canvas
 * and the video are 1280×720), the paused local swarm of 146 agents: BENCH_SNAPSHOTS snapshots
 * make a replay of as many seconds, Export clip renders BENCH_SECONDS of it at 30 fps, and the bench
 * times from the Export click to the download, then reads the file back (mediabunny's demuxer):
 * frames, size, codec, bytes. Each run is a fresh page. It prints figures; it does not pass or fail.
 *
 * Env: BENCH_SECONDS (10), BENCH_RUNS (1), BENCH_URL (a server already running; otherwise the
 * client is built and served like bench:render's), BENCH_PORT (5199), BENCH_OUT, CHROMIUM_PATH.
 */
import { readFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from '@playwright/test'
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny'
import { COMMON_ARGS, SWIFTSHADER_ARGS } from './lib/gpu-args'
import { startBench } from './lib/render-server'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RUNS = Number(process.env.BENCH_RUNS ?? 1)
const OUT = process.env.BENCH_OUT ?? join(tmpdir(), 'vpos-bench-clip')
const PORT = Number(process.env.BENCH_PORT ?? 5199)
const ORIGIN = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/+$/, '')
const FPS = 30

interface Run {
  ms: number
  frames: number
  width: number
  height: number
  codec: string
  bytes: number
}

async function readBack(path: string): Promise<Omit<Run, 'ms'>> {
  const data = await readFile(path)
  const input = new Input({ source: new BufferSource(data), formats: ALL_FORMATS })
  const track = await input.getPrimaryVideoTrack()
  if (!track) throw new Error('no video track in the clip')
  let frames = 0
  for await (const _ of new EncodedPacketSink(track).packets()) frames++
  return {
    frames,
    width: track.codedWidth,
    height: track.codedHeight,
    codec: track.codec ?? '?',
    bytes: data.byteLength,
  }
}

async function exportOnce(browser: Browser): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    acceptDownloads: true,
  })
  const page = await context.newPage()
  try {
    await page.goto(`${ORIGIN}/?boot=0&seed=11&paused=1&feed=sim`)
    await page.waitForFunction(() => document.documentElement.dataset.sceneReady === '1', null, {
      timeout: 60_000,
    })
    const panel = page.getByRole('region', { name: 'Snapshots' })
    const take = panel.getByRole('button', { name: 'Take snapshot' })
    for (let i = 0; i < SECONDS; i++) await take.click()
    await panel.getByRole('button', { name: 'Replay from Snapshot 1', exact: true }).click()
    await panel.getByRole('button', { name: 'Export clip' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export clip' })
    await dialog.getByRole('spinbutton', { name: 'Start (s)' }).fill('0')
    await dialog.getByRole('spinbutton', { name: 'End (s)' }).fill(String(SECONDS))
    await dialog.getByRole('spinbutton', { name: 'End (s)' }).press('Enter')
    const downloading = page.waitForEvent('download', { timeout: 600_000 })
    const t0 = Date.now()
    await dialog.getByRole('button', { name: 'Export', exact: true }).click()
    const download = await downloading
    const ms = Date.now() - t0
    return { ms, ...(await readBack(await download.path())) }
  } finally {
    await context.close()
  }
}

async function main() {
  const { exe, stop } = await startBench({ root: ROOT, outDir: OUT, port: PORT })
  try {
    const browser = await chromium.launch({
      executablePath: exe,
      args: [...SWIFTSHADER_ARGS, ...COMMON_ARGS],
    })
    console.log(
      `bench:clip — Chromium ${browser.version()}, SwiftShader, 1280×720, 146 agents, ` +
        `${SECONDS} s at ${FPS} fps, ${RUNS} run(s); load average ${loadavg()[0]!.toFixed(1)} ` +
        `on ${cpus().length} cores`,
    )
    for (let i = 0; i < RUNS; i++) {
      const r = await exportOnce(browser)
      console.log(
        `run ${i + 1}: ${(r.ms / 1000).toFixed(1)} s from Export to download ` +
          `(${(r.ms / r.frames).toFixed(0)} ms a frame, ${((SECONDS * 1000) / r.ms).toFixed(2)}× ` +
          `real time); ${r.frames} frames, ${r.width}×${r.height}, ${r.codec}, ` +
          `${(r.bytes / 1024 / 1024).toFixed(2)} MB`,
      )
    }
    console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`)
    await browser.close()
  } finally {
    stop()
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
