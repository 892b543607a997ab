/**
 * Shared by the chat specs: the test wallets, a server of the spec's own with STAFF_WALLETS set,
 * and the page steps a person takes (open, connect, enter a room, send).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { type Browser, type Page, expect, test } from '@playwright/test'
import { demoBalanceOf } from '../../server/chain/demo-chain.provider'
import { createTestWallet, injectPhantom, phantomArgs, type TestWallet } from '../helpers/wallet'
import { SCREENSHOT_CSS, stillPage, toasts } from './walletPages'

const between = (lo: number, hi: number) => (a: string) =>
  demoBalanceOf(a) >= lo && demoBalanceOf(a) < hi
/** Holds silver (10k–100k): Bronze and Silver rooms open, Gold and Platinum closed. */
export const alice = createTestWallet('chat-e2e-alice', { predicate: between(20_000, 90_000) })
export const bob = createTestWallet('chat-e2e-bob', { tier: 'bronze' })
/** Holds almost nothing: staff rights come from STAFF_WALLETS, not the balance. */
export const staff = createTestWallet('chat-e2e-staff', { tier: 'none' })

export const XSS = '<img src=x onerror=alert(1)>'
export const truncated = (a: string) => `${a.slice(0, 4)}...${a.slice(-4)}`
export const defaultName = (a: string) => `${a.slice(0, 6)}...${a.slice(-4)}`
const amount = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 })

/**
 * Starts `tsx server/main.ts` on a random port (in-memory SQLite, demo chain, STAFF_WALLETS = the
 * staff wallet) before the spec's tests and stops it after them. Returns the origin.
 */
export function startChatServer(): string {
  // below Linux's ephemeral range (32768–60999): an outgoing connection never holds it
  const port = 20_000 + Math.floor(Math.random() * 12_000)
  const origin = `http://127.0.0.1:${port}`
  let server: ChildProcess | undefined
  test.beforeAll(async () => {
    server = spawn('npx', ['tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: origin,
        DATABASE_URL: 'sqlite::memory:',
        LOG_LEVEL: 'warn',
        STAFF_WALLETS: staff.address,
      },
      stdio: 'ignore',
      detached: true,
    })
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${origin}/api/health`)).ok) return
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('chat test server did not start')
  })
  test.afterAll(async () => {
    const s = server
    server = undefined
    if (!s?.pid) return
    const exited = new Promise((r) => s.once('exit', r))
    process.kill(-s.pid, 'SIGTERM')
    await exited
  })
  return origin
}

/** A page with `w` injected, its clock installed (flowing until paused), on /chat. */
export async function openChat(
  browser: Browser,
  origin: string,
  w: TestWallet | null,
  viewport = { width: 1280, height: 860 },
) {
  const context = await browser.newContext({ baseURL: origin, viewport })
  const page = await context.newPage()
  // The decorative scene and blur are off (see stillPage): the chat behaves the same, and the
  // shared CI cores keep up.
  await page.addInitScript(stillPage, SCREENSHOT_CSS)
  if (w) await page.addInitScript(injectPhantom, phantomArgs(w))
  await page.clock.install()
  // No live feed and a paused swarm behind the page: less work again.
  await page.goto('/chat?boot=0&feed=sim&paused=1')
  await expect(page.getByRole('heading', { name: 'vPOS Chat' })).toBeVisible()
  return page
}

export async function connect(page: Page, w: TestWallet) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(toasts(page)).toContainText('Connected')
  await expect(page.getByTestId('balance')).toHaveText(`${amount(demoBalanceOf(w.address))} vPOS`)
}

export async function enter(page: Page, room: string) {
  await page.getByRole('button', { name: `Enter ${room}` }).click()
  await expect(page.getByRole('heading', { name: room, level: 2 })).toBeVisible()
  await expect(page.getByRole('log', { name: 'Messages' })).not.toContainText('Loading messages')
}

export async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill(text)
  await box.press('Enter')
  await expect(box).toHaveValue('')
}

export const message = (page: Page, text: string) =>
  page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text })
