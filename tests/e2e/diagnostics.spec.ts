import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { openLazyPage } from './lazyPage'

/**
 * Diagnostics screen (PRODUCT.md §2, §4, §8). Outcomes come from the page's random source seeded by
 * `?seed=N`, one draw per finished operation; read off src/pages/diagnostics/diagnosticsData.ts:
 *   seed 16: only cons-01 failed; draws 0.85 (diagnose/repair fail), 0.33 (succeed)
 *   seed 20: only sec-01 degraded; draws 0.81 (fail), 0.09 (succeed)
 */
const T0 = new Date('2026-11-22T10:00:00Z')

test.use({ timezoneId: 'UTC', locale: 'en-US' })

async function open(page: Page, seed: number, { loaded = true } = {}) {
  await page.clock.install({ time: T0 })
  await page.clock.pauseAt(new Date(T0.getTime() + 1000))
  await openLazyPage(page, `/diagnostics?boot=0&paused=1&seed=${seed}`, 'Diagnostics')
  if (loaded) {
    await page.clock.fastForward(1500)
    await expect(table(page)).toBeVisible()
  }
}

const table = (page: Page) => page.getByRole('table', { name: 'Component status' })
const row = (page: Page, id: string) => table(page).locator('tbody tr', { hasText: id })
const overall = (page: Page) => page.getByTestId('overall-status')
const log = (page: Page) => page.getByRole('log', { name: 'Diagnostics log' })
const allButtons = (page: Page) =>
  page.locator('main').getByRole('button', { name: /^(Diagnose|Repair) |^Run Full Scan$/ })

async function expectAllDisabled(page: Page, disabled: boolean) {
  const buttons = await allButtons(page).all()
  expect(buttons.length).toBeGreaterThan(8)
  for (const b of buttons) {
    if (disabled) await expect(b).toBeDisabled()
    else await expect(b).toBeEnabled()
  }
}

test.describe('diagnostics (desktop)', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('the component list loads in 1.5 s', async ({ page }) => {
    await open(page, 16, { loaded: false })
    await expect(
      page.getByRole('status').filter({ hasText: 'Loading component status...' }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Run Full Scan' })).toBeDisabled()
    await page.clock.fastForward(1499)
    await expect(page.getByText('Loading component status...')).toBeVisible()
    await expect(table(page)).toHaveCount(0)
    await page.clock.fastForward(1)
    await expect(table(page)).toBeVisible()
    await expect(page.getByText('Loading component status...')).toHaveCount(0)
    await expect(table(page).getByRole('columnheader')).toHaveText([
      'Component',
      'Status',
      'Actions',
      'Message',
      'Last Updated',
      'Details',
    ])
    await expect(table(page).locator('tbody tr')).toHaveCount(8)
    await expect(log(page)).toContainText('[10:00:02] Component status loaded: 8 components.')
  })

  test('Diagnose takes 3 s and can fail; Repair takes 5 s; one operation at a time', async ({
    page,
  }) => {
    await open(page, 16)
    await expect(overall(page)).toHaveText('System Failure Detected')
    await expect(page.getByText('7 operational · 0 degraded · 1 failed')).toBeVisible()
    // Repair only where the component is degraded or failed.
    await expect(page.getByRole('button', { name: /^Repair / })).toHaveCount(1)
    await expect(row(page, 'cons-01').getByRole('button', { name: 'Repair cons-01' })).toBeVisible()
    await expect(row(page, 'cons-01')).toContainText('failed')

    await page.getByRole('button', { name: 'Diagnose cons-01' }).click()
    await expect(page.getByRole('button', { name: 'Diagnose cons-01' })).toHaveText('Diagnosing...')
    await expectAllDisabled(page, true)
    await page.clock.fastForward(2999)
    await expect(page.getByRole('button', { name: 'Diagnose cons-01' })).toHaveText('Diagnosing...')
    await expectAllDisabled(page, true)
    await page.clock.fastForward(1)
    await expect(page.getByRole('alert')).toContainText(
      'Diagnostic test for cons-01 revealed additional issues.',
    )
    await expect(row(page, 'cons-01')).toContainText('failed') // unchanged
    await expect(overall(page)).toHaveText('System Failure Detected')
    await expectAllDisabled(page, false)

    await page.getByRole('button', { name: 'Repair cons-01' }).click()
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Repair cons-01' })).toHaveText('Repairing...')
    await expectAllDisabled(page, true)
    await page.clock.fastForward(4999)
    await expect(row(page, 'cons-01')).toContainText('failed')
    await expectAllDisabled(page, true)
    await page.clock.fastForward(1)
    await expect(row(page, 'cons-01')).toContainText('operational')
    await expect(row(page, 'cons-01')).toContainText('All checks nominal')
    await expect(row(page, 'cons-01')).toContainText('10:00:10')
    await expect(page.getByRole('button', { name: /^Repair / })).toHaveCount(0)
    await expect(overall(page)).toHaveText('All Systems Operational')
    await expectAllDisabled(page, false)
    await expect(log(page).locator('li')).toHaveText([
      '[10:00:02] Component status loaded: 8 components.',
      '[10:00:02] Running diagnostic on cons-01...',
      '[10:00:05] Diagnostic test for cons-01 revealed additional issues.',
      '[10:00:05] Repairing cons-01...',
      '[10:00:10] Repair complete: cons-01 operational.',
    ])
  })

  test('a failed repair says manual intervention is required; a passing diagnose fixes it', async ({
    page,
  }) => {
    await open(page, 20)
    await expect(overall(page)).toHaveText('Performance Degradation')
    await page.getByRole('button', { name: 'Repair sec-01' }).click()
    await page.clock.fastForward(5000)
    await expect(page.getByRole('alert')).toHaveText(
      /Repair attempt failed for sec-01\. Manual intervention required\./,
    )
    await expect(row(page, 'sec-01')).toContainText('degraded')
    await expect(overall(page)).toHaveText('Performance Degradation')
    await page.getByRole('button', { name: 'Dismiss' }).click()
    await expect(page.getByRole('alert')).toHaveCount(0)

    await page.getByRole('button', { name: 'Diagnose sec-01' }).click()
    await page.clock.fastForward(3000)
    await expect(row(page, 'sec-01')).toContainText('operational')
    await expect(overall(page)).toHaveText('All Systems Operational')
    await expect(log(page)).toContainText('Diagnostic passed: sec-01 operational.')
  })

  test('Run Full Scan only logs a message', async ({ page }) => {
    await open(page, 16)
    const before = await table(page).innerText()
    await page.getByRole('button', { name: 'Run Full Scan' }).click()
    await expect(log(page).locator('li').last()).toHaveText(
      '[10:00:02] Full system scan logged: 8 components, 7 operational, 0 degraded, 1 failed.',
    )
    await page.clock.fastForward(10_000)
    expect(await table(page).innerText()).toBe(before)
    await expect(overall(page)).toHaveText('System Failure Detected')
  })

  test('no serious or critical accessibility violations', async ({ page }) => {
    await open(page, 16)
    await page.getByRole('button', { name: 'Diagnose cons-01' }).click()
    await page.clock.fastForward(3000)
    await expect(page.getByRole('alert')).toBeVisible()
    await page.clock.resume() // axe schedules its work on timers
    const result = await new AxeBuilder({ page }).include('main').analyze()
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    )
  })

  test('visual: diagnostics on desktop', { tag: '@visual' }, async ({ page }) => {
    await open(page, 16)
    await expect(page).toHaveScreenshot('diagnostics-desktop.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
  })
})

test.describe('diagnostics (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('Diagnose and Repair are reachable without sideways scrolling', async ({ page }) => {
    await open(page, 16)
    await expect(page.getByRole('button', { name: 'Repair cons-01' })).toBeInViewport()
    const box = await page.getByRole('button', { name: 'Repair cons-01' }).boundingBox()
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390)
    await page.getByRole('button', { name: 'Repair cons-01' }).tap()
    await expect(page.getByRole('button', { name: 'Repair cons-01' })).toHaveText('Repairing...')
  })

  test('visual: diagnostics on a phone', { tag: '@visual' }, async ({ page }) => {
    await open(page, 16)
    await expect(page).toHaveScreenshot('diagnostics-phone.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
  })
})
