/**
 * Terminal (PRODUCT.md §2, §5, §8, §9): commands typed like a person, timers on Playwright's clock,
 * the MCP client against the real server's SSE endpoint (/api/mcp/sse, simulated slot clock).
 */
import AxeBuilder from '@axe-core/playwright'
import { type Page, expect, test } from '@playwright/test'

const URL = '/terminal?boot=0&seed=7&paused=1&feed=sim'
const output = (page: Page) => page.getByRole('log', { name: 'Terminal output' })
const input = (page: Page) => page.getByRole('textbox', { name: 'Terminal command' })
const line = (page: Page, text: string | RegExp) =>
  output(page).locator('[data-line-type]').filter({ hasText: text })

async function type(page: Page, command: string) {
  await input(page).fill(command)
  await input(page).press('Enter')
}
const lineTexts = (page: Page) => output(page).locator('[data-line-type]').allTextContents()

async function open(page: Page, clock = true) {
  if (clock) await page.clock.install({ time: new Date('2026-03-01T12:00:00Z') })
  await page.goto(URL)
  await expect(page.getByRole('heading', { name: 'Terminal', level: 1 })).toBeVisible()
  await expect(output(page)).toContainText("Type 'help' for available commands.")
  // GOTCHA: paused only once the page is up: React reveals a lazy route on a timer of its own.
  // From here on page timers move only when the test says so.
  if (clock) await page.clock.pauseAt(new Date('2026-03-01T12:01:00Z'))
}

test.describe('terminal commands', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('help, case-insensitive commands, empty input ignored, unknown command', async ({
    page,
  }) => {
    await open(page)
    await type(page, 'HeLp')
    await expect(line(page, 'vpos:~$ HeLp')).toHaveAttribute('data-line-type', 'input')
    await expect(output(page)).toContainText('Available commands:')
    await expect(output(page)).toContainText('mcp <command>')

    const before = (await lineTexts(page)).length
    await type(page, '   ')
    await input(page).press('Enter')
    expect((await lineTexts(page)).length).toBe(before)

    await type(page, 'launch rockets')
    const err = line(page, "Command not found: launch. Type 'help' for available commands.")
    await expect(err).toHaveAttribute('data-line-type', 'error')
    // Error lines are red, success lines green, input lines accent (styled by type).
    await expect(err).toHaveCSS('color', 'rgb(255, 77, 94)')
    await expect(line(page, 'vpos:~$ launch rockets')).toHaveCSS('color', 'rgb(0, 240, 200)')
  })

  test('§5 validation texts', async ({ page }) => {
    await open(page)
    const cases: [string, string][] = [
      ['login', 'Error: Invalid subsystem. Available options: core, compute, database, analytics'],
      [
        'login mainframe',
        'Error: Invalid subsystem. Available options: core, compute, database, analytics',
      ],
      [
        'blockchain mine',
        "Error: Unknown blockchain operation 'mine'. Available: status, sync, token",
      ],
      ['mcp tx', 'Error: Please provide a transaction signature/hash.'],
      ['mcp launch', "Unknown MCP command: launch. Type 'mcp help' for available commands."],
      ['mcp subscribe blocks', "[MCP] Not connected. Please connect first using 'mcp connect'."],
      ['mcp status', 'Not connected to any MCP server.'],
    ]
    for (const [cmd, text] of cases) {
      await type(page, 'clear')
      await type(page, cmd)
      await expect(output(page).locator('[data-line-type="error"]')).toHaveText([text])
    }
  })

  test('Up/Down recall the history; history lists it', async ({ page }) => {
    await open(page)
    for (const c of ['help', 'status', 'agents']) await type(page, c)
    await input(page).fill('draft')
    await input(page).press('ArrowUp')
    await expect(input(page)).toHaveValue('agents')
    await input(page).press('ArrowUp')
    await input(page).press('ArrowUp')
    await expect(input(page)).toHaveValue('help')
    await input(page).press('ArrowUp')
    await expect(input(page)).toHaveValue('help')
    await input(page).press('ArrowDown')
    await expect(input(page)).toHaveValue('status')
    await input(page).press('ArrowDown')
    await input(page).press('ArrowDown')
    await expect(input(page)).toHaveValue('draft')
    await type(page, 'clear')
    await type(page, 'history')
    expect(await lineTexts(page)).toEqual([
      'vpos:~$ history',
      '   1  help',
      '   2  status',
      '   3  agents',
      '   4  clear',
      '   5  history',
    ])
  })

  test('history keeps 50 entries', async ({ page }) => {
    await open(page)
    for (let i = 1; i <= 52; i++) await type(page, `c${i}`)
    await type(page, 'clear')
    await type(page, 'history')
    const lines = await lineTexts(page)
    expect(lines).toHaveLength(51)
    expect(lines[1]).toBe('   1  c5')
    expect(lines.at(-1)).toBe('  50  history')
  })

  test('Tab completes commands and arguments; lists several matches', async ({ page }) => {
    await open(page)
    await input(page).fill('blo')
    await input(page).press('Tab')
    await expect(input(page)).toHaveValue('blockchain ')
    await input(page).pressSequentially('sy')
    await input(page).press('Tab')
    await expect(input(page)).toHaveValue('blockchain sync ')
    await input(page).fill('mcp sub')
    await input(page).press('Tab')
    await input(page).pressSequentially('tr')
    await input(page).press('Tab')
    await expect(input(page)).toHaveValue('mcp subscribe transactions ')
    await input(page).fill('log')
    await input(page).press('Tab')
    await expect(line(page, /^login {2}logout$/)).toBeVisible()
    await expect(input(page)).toBeFocused()
    // On an empty line Tab moves focus on: no keyboard trap.
    await input(page).fill('')
    await input(page).press('Tab')
    await expect(input(page)).not.toBeFocused()
  })

  test('ping: four replies 500 ms apart', async ({ page }) => {
    await open(page)
    await type(page, 'ping')
    await expect(line(page, 'PING core.vpos.network: 56 data bytes')).toBeVisible()
    const replies = line(
      page,
      /^64 bytes from core\.vpos\.network: icmp_seq=\d ttl=64 time=\d+\.\d ms$/,
    )
    await expect(replies).toHaveCount(0)
    for (let i = 1; i <= 4; i++) {
      await page.clock.runFor(499)
      await expect(replies).toHaveCount(i - 1)
      await page.clock.runFor(1)
      await expect(replies).toHaveCount(i)
    }
    await expect(line(page, /^4 packets transmitted, 4 received, 0% packet loss/)).toHaveAttribute(
      'data-line-type',
      'success',
    )
  })

  test('login takes 1.5 s and shows in the Session card; logout', async ({ page }) => {
    await open(page)
    const session = page.getByRole('group', { name: 'Terminal status' })
    await expect(session).toContainText('GUEST')
    await type(page, 'LOGIN Analytics')
    await expect(line(page, 'Authenticating with analytics subsystem...')).toBeVisible()
    await expect(session).toContainText('Authenticating: analytics...')
    await page.clock.runFor(1499)
    await expect(line(page, 'Access granted. Logged in to analytics subsystem.')).toHaveCount(0)
    await page.clock.runFor(1)
    await expect(line(page, 'Access granted. Logged in to analytics subsystem.')).toHaveAttribute(
      'data-line-type',
      'success',
    )
    await expect(session).toContainText('ANALYTICS')
    await type(page, 'logout')
    await expect(line(page, 'Logged out of analytics subsystem.')).toBeVisible()
    await expect(session).toContainText('GUEST')
  })

  test('blockchain sync: 10% every 800 ms, progress in the Blockchain card', async ({ page }) => {
    await open(page)
    await type(page, 'blockchain sync')
    await expect(line(page, 'Starting blockchain synchronization...')).toBeVisible()
    const bar = page.getByRole('progressbar', { name: 'Blockchain sync progress' })
    for (let p = 10; p <= 90; p += 10) {
      await page.clock.runFor(799)
      await expect(line(page, `Sync progress: ${p}%`)).toHaveCount(0)
      await page.clock.runFor(1)
      await expect(line(page, `Sync progress: ${p}%`)).toBeVisible()
      await expect(bar).toHaveAttribute('aria-valuenow', String(p))
    }
    await page.clock.runFor(800)
    await expect(line(page, 'Blockchain synchronized successfully.')).toBeVisible()
    await expect(page.getByRole('group', { name: 'Terminal status' })).toContainText('SYNCED')
    await type(page, 'blockchain status')
    await expect(line(page, '  Sync: SYNCED (100%)')).toBeVisible()
  })

  test('status, agents and blockchain token print their reports', async ({ page }) => {
    await open(page)
    await type(page, 'status')
    await expect(line(page, 'SYSTEM STATUS')).toBeVisible()
    await expect(line(page, /^ {2}Agents: \d+ total, \d+ active, \d+ failing$/)).toBeVisible()
    await expect(line(page, '  MCP: DISCONNECTED')).toBeVisible()
    await type(page, 'agents')
    await expect(line(page, 'SWARM AGENTS (simulation)')).toBeVisible()
    await expect(line(page, '  Total: 146')).toBeVisible()
    await type(page, 'blockchain token')
    await expect(line(page, 'TOKEN vPOS/SOL')).toBeVisible()
    await expect(line(page, /^ {2}Price: \$\d+\.\d{6} {2}24h: [▲▼] \d+\.\d{2}%$/)).toBeVisible()
  })

  test('Clear Terminal empties the output; Copy Output copies it and says Copied! for 2 s', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await open(page)
    await type(page, 'help')
    await page.getByRole('button', { name: 'Copy terminal output' }).click()
    const copied = page.getByRole('button', { name: 'Copied!' })
    await expect(copied).toBeVisible()
    const clip = await page.evaluate(() => navigator.clipboard.readText())
    expect(clip).toContain('vpos:~$ help\nAvailable commands:')
    await page.clock.runFor(1999)
    await expect(copied).toBeVisible()
    await page.clock.runFor(1)
    await expect(copied).toHaveCount(0)
    // Playwright's actionability checks wait for animation frames: let the clock run again.
    await page.clock.resume()

    // Output text can be selected with the mouse (double-click selects a word).
    await line(page, 'Available commands:').dblclick({ position: { x: 20, y: 6 } })
    expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toBe('Available')

    await page.getByRole('button', { name: 'Clear Terminal' }).click()
    await expect(output(page).locator('[data-line-type]')).toHaveCount(0)
  })
})

test.describe('terminal MCP client against the server', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('mcp connect to /api/mcp/sse: success text, notifications, subscribe, status, disconnect', async ({
    page,
  }) => {
    await open(page, false)
    await type(page, 'mcp connect')
    await expect(line(page, 'Connecting to MCP server at /api/mcp/sse...')).toBeVisible()
    await expect(line(page, 'Successfully connected to Solana MCP server!')).toHaveAttribute(
      'data-line-type',
      'success',
    )
    await expect(line(page, '[MCP] connected: vPOS MCP (source: simulated)')).toBeVisible()
    const cards = page.getByRole('group', { name: 'Terminal status' })
    await expect(cards).toContainText('CONNECTED')
    await expect(page.getByRole('button', { name: 'Disconnect MCP' })).toBeVisible()

    // Slots arrive about every 400 ms; the panel keeps the last 10.
    const list = page.getByRole('list', { name: 'MCP notifications' }).getByRole('listitem')
    await expect(list).toHaveCount(10, { timeout: 15_000 })
    await expect(list.first()).toContainText(/block \d+ \(parent \d+\)|slot \d+|transaction \w+/)

    await type(page, 'mcp subscribe blocks')
    await expect(
      line(page, /^\[MCP\] Subscribed to blocks \(id: sub-[0-9a-f]{6}\)\.$/),
    ).toBeVisible()
    await expect(line(page, /^\[MCP\] blocks: block \d+ \(parent \d+\)$/).first()).toBeVisible()

    await type(page, 'mcp request getSlot')
    await expect(line(page, /^\[MCP\] <- \{"jsonrpc":"2.0","id":1,"result":\d+\}$/)).toBeVisible()
    await type(page, 'mcp tx abc')
    await expect(
      line(page, /^'abc' is not a full signature; using demo transaction id demo\w{84}$/),
    ).toBeVisible()
    const sig = '4'.repeat(21)
    await type(page, `mcp tx ${sig}`)
    await expect(line(page, `[MCP] Transaction ${sig}`)).toBeVisible()

    await type(page, 'mcp status')
    await expect(line(page, 'MCP status: CONNECTED')).toBeVisible()
    await expect(line(page, '  Endpoint: /api/mcp/sse')).toBeVisible()
    await type(page, 'mcp notifications')
    await expect(line(page, /^Last 10 MCP notification\(s\):$/)).toBeVisible()

    await type(page, 'mcp disconnect')
    await expect(line(page, 'Disconnected from MCP server /api/mcp/sse.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect MCP' })).toBeVisible()
    await type(page, 'mcp disconnect')
    await expect(line(page, 'Not connected to any MCP server.')).toHaveAttribute(
      'data-line-type',
      'error',
    )
  })

  test('the Connect/Disconnect button drives the feed', async ({ page }) => {
    await open(page, false)
    await page.getByRole('button', { name: 'Connect MCP' }).click()
    await expect(line(page, 'vpos:~$ mcp connect')).toBeVisible()
    await expect(line(page, 'Successfully connected to Solana MCP server!')).toBeVisible()
    await page.getByRole('button', { name: 'Disconnect MCP' }).click()
    await expect(line(page, 'Disconnected from MCP server /api/mcp/sse.')).toBeVisible()
    await expect(page.getByRole('group', { name: 'Terminal status' })).toContainText('OFFLINE')
  })

  test('MCP failures: bad URL, unreachable endpoint, unparsable message', async ({ page }) => {
    await page.route('**/api/mcp/garbled', (route) =>
      route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'data: {oops\n\n' }),
    )
    await open(page, false)
    await type(page, 'mcp connect http://[')
    await expect(line(page, /^\[MCP\] Failed to connect: .+/)).toHaveAttribute(
      'data-line-type',
      'error',
    )

    await type(page, 'mcp connect /api/mcp/nowhere')
    await expect(line(page, '[MCP] SSE error: could not reach /api/mcp/nowhere')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect MCP' })).toBeVisible()

    await type(page, 'mcp connect /api/mcp/garbled')
    await expect(line(page, /^\[MCP\] Failed to parse message: .+/).first()).toBeVisible()
    await type(page, 'mcp disconnect')
  })
})

test.describe('terminal visuals and accessibility', () => {
  const cases = [
    { name: 'desktop', viewport: { width: 1440, height: 900 }, mobile: false },
    { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
  ]
  for (const c of cases) {
    test.describe(c.name, () => {
      // bypassCSP: the app's CSP (style-src by nonce) would block the injected screenshot styles.
      test.use({ viewport: c.viewport, isMobile: c.mobile, hasTouch: c.mobile, bypassCSP: true })

      // No fake clock here: a paused page clock also stalls the screenshot and axe machinery.
      test(`visual: terminal on ${c.name}`, { tag: '@visual' }, async ({ page }) => {
        await open(page, false)
        await type(page, 'help')
        await type(page, 'login')
        await type(page, 'mcp tx')
        await type(page, 'blockchain mine')
        await input(page).blur()
        await expect(page).toHaveScreenshot(`terminal-${c.name}.png`, {
          stylePath: ['tests/e2e/screenshot.css', 'tests/e2e/pages.screenshot.css'],
          timeout: 30_000, // software rendering on a shared machine: a 1440x900 shot can take seconds
          // the header indicators flip at random every 8 s
          mask: [page.locator('[data-testid^="ind-"]'), page.getByText(/agents active$/)],
        })
      })

      test(`axe: terminal on ${c.name} has no serious or critical violations`, async ({ page }) => {
        await open(page, false)
        await type(page, 'help')
        await type(page, 'foo')
        // The page's own content; the shell (rail, header) is scanned by the shell's spec.
        const { violations } = await new AxeBuilder({ page }).include('main').analyze()
        const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(
          bad.map(
            (v) =>
              `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(', ')}`,
          ),
        ).toEqual([])
      })
    })
  }
})
