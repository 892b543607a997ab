import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { openLazyPage } from './lazyPage'

/**
 * Compute screen (PRODUCT.md §2, §9). Demo data comes from the page's random sources seeded by
 * `?seed=N`; the warning sequence below was read off src/pages/compute/computeData.ts for seed 3
 * (new warnings at ticks 3 critical, 4 critical, 6, 8, 10; none at the other ticks).
 * `feed=sim&paused=1` keeps the swarm metrics (processing power) on the local, stopped, seeded sim.
 */
const T0 = new Date('2026-11-22T10:00:00Z')
const TONES: Record<string, string> = {
  green: 'rgb(57, 255, 136)',
  yellow: 'rgb(255, 225, 77)',
  red: 'rgb(255, 77, 94)',
}

test.use({ timezoneId: 'UTC', locale: 'en-US' })

async function open(page: Page, seed: number) {
  await page.clock.install({ time: T0 })
  await page.clock.pauseAt(new Date(T0.getTime() + 1000))
  await openLazyPage(page, `/compute?boot=0&feed=sim&paused=1&seed=${seed}`, 'Compute')
}

const updated = (page: Page) => page.getByTestId('compute-updated')
const warnings = (page: Page) => page.getByTestId('warning')
const toSeconds = (hms: string) => hms.split(':').reduce((s, v) => s * 60 + Number(v), 0)
const tone = (pct: number) => (pct > 90 ? 'red' : pct > 75 ? 'yellow' : 'green')

test.describe('compute (desktop)', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('summary cards, compute nodes and active tasks with their formats', async ({ page }) => {
    await open(page, 3)
    await expect(page.getByTestId('nodes-online')).toHaveText(/^[0-6]\/6$/)
    await expect(page.getByTestId('avg-load')).toHaveText(/^\d{1,2}\.\d%$/)
    await expect(page.getByTestId('compute-power')).toHaveText(/^\d{1,3}(,\d{3})* TF\/s$/)
    await expect(page.getByText(/^(High|Medium|Low) capacity$/)).toBeVisible()

    const nodes = page.getByRole('table', { name: 'Compute nodes' })
    await expect(nodes.getByRole('columnheader')).toHaveText([
      'Node',
      'Type',
      'Load',
      'Cores',
      'Memory',
      'Status',
      'Location',
      'Jobs',
    ])
    await expect(nodes.locator('tbody tr')).toHaveCount(6)
    for (const s of await nodes.locator('tbody td:nth-child(6)').allTextContents())
      expect(['online', 'maintenance']).toContain(s)
    for (const m of await nodes.locator('tbody td:nth-child(5)').allTextContents())
      expect(m).toMatch(/^\d{1,2}\.\d% of \d+ GB$/)

    const tasks = page.getByRole('table', { name: 'Active tasks' })
    await expect(tasks.getByRole('columnheader')).toHaveText([
      'ID',
      'Task',
      'Node',
      'Progress',
      'ETA',
      'Priority',
    ])
    await expect(tasks.locator('tbody tr')).toHaveCount(6)
    for (const eta of await tasks.locator('tbody td:nth-child(5)').allTextContents())
      expect(eta).toMatch(/^\d{2}:[0-5]\d:[0-5]\d$/)
    const priorities = await tasks.locator('tbody td:nth-child(6)').allTextContents()
    for (const p of priorities) expect(['high', 'medium', 'low']).toContain(p)
    await expect(
      page.getByText(`${priorities.filter((p) => p === 'high').length} high priority`),
    ).toBeVisible()
  })

  test('every 10 s the cluster refreshes and ETAs count down', async ({ page }) => {
    await open(page, 3)
    const etaCell = page
      .getByRole('table', { name: 'Active tasks' })
      .locator('tbody tr')
      .first()
      .locator('td')
      .nth(4)
    const eta0 = toSeconds((await etaCell.textContent()) ?? '')
    expect(eta0).toBeGreaterThan(30)
    await expect(updated(page)).toHaveText('Updated 10:00:01')
    await page.clock.fastForward(9_999)
    await expect(updated(page)).toHaveText('Updated 10:00:01')
    await page.clock.fastForward(1)
    await expect(updated(page)).toHaveText('Updated 10:00:11')
    expect(toSeconds((await etaCell.textContent()) ?? '')).toBe(eta0 - 10)
    await page.clock.fastForward(10_000)
    await expect(updated(page)).toHaveText('Updated 10:00:21')
    expect(toSeconds((await etaCell.textContent()) ?? '')).toBe(eta0 - 20)
  })

  test('the warnings list: new ones on top at 10 s ticks, critical in red, only 5 kept', async ({
    page,
  }) => {
    await open(page, 3)
    await expect(warnings(page)).toHaveCount(3)
    const tick = async () => {
      await page.clock.fastForward(10_000)
    }
    await tick()
    await tick()
    await expect(updated(page)).toHaveText('Updated 10:00:21')
    await expect(warnings(page)).toHaveCount(3) // ticks 1 and 2 rolled no warning
    await tick()
    await expect(warnings(page)).toHaveCount(4)
    const top = warnings(page).first()
    await expect(top).toContainText('critical')
    await expect(top).toContainText('ECC memory errors on cn-04')
    await expect(top.locator('time')).toHaveText('10:00:31')
    await expect(top.getByText('critical', { exact: true })).toHaveCSS('color', TONES.red!)
    await tick()
    await expect(warnings(page)).toHaveCount(5)
    await expect(warnings(page).first()).toContainText(
      'Node cn-02 stopped responding to heartbeats',
    )
    await tick()
    await tick()
    await expect(warnings(page)).toHaveCount(5) // capped
    await expect(warnings(page).first()).toContainText('warning')
    await expect(warnings(page).first()).toContainText('Network jitter above threshold on cn-01')
    await expect(warnings(page).first().getByText('warning', { exact: true })).toHaveCSS(
      'color',
      TONES.yellow!,
    )
    await expect(warnings(page).nth(1)).toContainText('Node cn-02 stopped responding to heartbeats')
    await expect(warnings(page).nth(2)).toContainText('ECC memory errors on cn-04')
  })

  test('allocation bars use the §9 colours and the swarm bar is processingPower / 10000', async ({
    page,
  }) => {
    await open(page, 3)
    const bars = page.getByRole('progressbar', { name: / (load|memory) allocation$/ })
    await expect(bars).toHaveCount(12)
    for (const bar of await bars.all()) {
      const pct = Number(await bar.getAttribute('aria-valuenow'))
      await expect(bar.locator('div').first()).toHaveCSS('background-color', TONES[tone(pct)]!)
    }
    const power = Number(
      ((await page.getByTestId('compute-power').textContent()) ?? '').replace(/[^\d]/g, ''),
    )
    const swarmBar = page.getByRole('progressbar', { name: 'Swarm compute load' })
    expect(Number(await swarmBar.getAttribute('aria-valuenow'))).toBeCloseTo(
      Math.min(100, power / 100),
      2,
    )
    await expect(swarmBar.locator('div').first()).toHaveCSS(
      'background-color',
      TONES[tone(power / 100)]!,
    )
  })

  test("'View All Alerts' does nothing", async ({ page }) => {
    await open(page, 3)
    const before = await page.locator('main').innerText()
    await page.getByRole('button', { name: 'View All Alerts' }).click()
    await expect(page).toHaveURL(/\/compute\?/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await page.locator('main').innerText()).toBe(before)
  })

  test('no serious or critical accessibility violations', async ({ page }) => {
    await open(page, 3)
    await page.clock.resume() // axe schedules its work on timers
    const result = await new AxeBuilder({ page }).include('main').analyze()
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    )
  })

  test('visual: compute on desktop', { tag: '@visual' }, async ({ page }) => {
    await open(page, 3)
    await expect(page).toHaveScreenshot('compute-desktop.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
  })
})

test.describe('compute (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('nothing widens the page past the phone', async ({ page }) => {
    await open(page, 3)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })

  test('visual: compute on a phone', { tag: '@visual' }, async ({ page }) => {
    await open(page, 3)
    await expect(page).toHaveScreenshot('compute-phone.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
  })
})
