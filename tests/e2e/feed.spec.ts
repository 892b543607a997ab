/**
 * Live feed in the browser against a real server that the test stops and starts again on the same
 * port (a true restart: the page's reconnects hit a closed port). The backoff timers run on
 * Playwright's clock. The connection is followed through the attributes the feed mirrors on <html>
 * (data-feed, data-feed-source, data-feed-attempts) and, where the swarm view is merged, the badge.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { type Page, expect, test } from '@playwright/test'

// below Linux's ephemeral range (32768–60999): an outgoing connection never holds it
const port = 20_000 + Math.floor(Math.random() * 12_000)
const origin = `http://127.0.0.1:${port}`
let server: ChildProcess | undefined

async function startServer() {
  server = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  // its last words, for the error when it does not start
  let stderr = ''
  server.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)))
  const started = server
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return
    } catch {
      /* not up yet */
    }
    if (started.exitCode !== null || started.signalCode !== null) break
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(
    `server did not start (exit ${started.exitCode}): ${stderr.trim() || 'no output'}`,
  )
}

async function stopServer() {
  const s = server
  server = undefined
  if (!s?.pid || s.exitCode !== null || s.signalCode !== null) return
  const exited = new Promise((r) => s.once('exit', r))
  process.kill(-s.pid, 'SIGTERM')
  await exited
}

test.afterEach(stopServer)

const html = (page: Page) => page.locator('html')

/**
 * Steps the page clock through reconnect attempts until `attempt` has been tried and failed. Each
 * step jumps a second ahead, firing the timers due once (`fastForward`), instead of running every
 * frame of it (`runFor`): stepping ~100 s of page time frame by frame took the ten-attempt test
 * 110 s on a 2-core machine, the whole page and its scene drawn 60 times a page second.
 */
async function failAttemptsUpTo(page: Page, attempt: number) {
  for (;;) {
    await expect(html(page)).toHaveAttribute('data-feed', 'closed')
    const tried = Number(await html(page).getAttribute('data-feed-attempts'))
    if (tried >= attempt || (await html(page).getAttribute('data-feed-source')) === 'sim') return
    await page.clock.fastForward(1000)
  }
}

test('LIVE DATA with the server, OFFLINE while it restarts, LIVE DATA again after reconnecting', async ({
  page,
}) => {
  await startServer()
  await page.clock.install()
  await page.goto(`${origin}/?boot=0`)
  await expect(html(page)).toHaveAttribute('data-feed', 'open')
  await expect(html(page)).toHaveAttribute('data-feed-source', 'live')
  const badge = page.getByRole('status', { name: 'Data feed' })
  if (await badge.count()) await expect(badge).toHaveText(/LIVE DATA/)

  await stopServer()
  await expect(html(page)).toHaveAttribute('data-feed', 'closed')
  if (await badge.count()) await expect(badge).toHaveText(/OFFLINE/)
  // Two reconnects fail against the closed port (1 s, then 1.5 s later)…
  await failAttemptsUpTo(page, 2)
  await expect(html(page)).toHaveAttribute('data-feed-attempts', '2')
  await expect(html(page)).toHaveAttribute('data-feed-source', 'live')

  // …then the server is back and the next attempt (2.25 s) opens.
  await startServer()
  await page.clock.runFor(2250)
  await expect(html(page)).toHaveAttribute('data-feed', 'open')
  await expect(html(page)).toHaveAttribute('data-feed-attempts', '0')
  if (await badge.count()) await expect(badge).toHaveText(/LIVE DATA/)
})

test('falls back to simulated data after 10 failed attempts', async ({ page }) => {
  test.setTimeout(120_000) // ten attempts stepped on the page clock, about 100 s of page time
  await startServer()
  await page.clock.install()
  await page.goto(`${origin}/?boot=0`)
  await expect(html(page)).toHaveAttribute('data-feed', 'open')
  await stopServer()
  await failAttemptsUpTo(page, 10)
  // The tenth attempt is scheduled 30 s out (1.5^9 s, capped); its failure gives up: counter reset,
  // local sim again, no more attempts.
  await page.clock.fastForward(30_000)
  await expect(html(page)).toHaveAttribute('data-feed-source', 'sim')
  await expect(html(page)).toHaveAttribute('data-feed-attempts', '0')
  // Longer than the 30 s backoff cap: no further attempt is made.
  await page.clock.fastForward(31_000)
  await expect(html(page)).toHaveAttribute('data-feed', 'closed')
  await expect(html(page)).toHaveAttribute('data-feed-attempts', '0')
})

test('?feed=sim never connects', async ({ page }) => {
  await startServer()
  await page.goto(`${origin}/?boot=0&feed=sim`)
  await expect(html(page)).toHaveAttribute('data-feed', 'idle')
  await expect(html(page)).toHaveAttribute('data-feed-source', 'sim')
})
