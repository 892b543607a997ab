import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { openLazyPage } from './lazyPage'

/**
 * Database screen (PRODUCT.md §2, §4, §9). The demo data comes from the page's random source seeded
 * by `?seed=N`; the sequences below were read off src/pages/database/databaseData.ts for those
 * seeds (seed 6: online, online, syncing, online, error; disk 58.2, 59.0, 55.8, 59.4, 55.4).
 */
const T0 = new Date('2026-11-22T10:00:00Z')
const GREEN = 'rgb(57, 255, 136)'
const YELLOW = 'rgb(255, 225, 77)'
const RED = 'rgb(255, 77, 94)'

test.use({ timezoneId: 'UTC', locale: 'en-US' })

async function open(page: Page, seed: number) {
  await page.clock.install({ time: T0 })
  await page.clock.pauseAt(new Date(T0.getTime() + 1000))
  await openLazyPage(page, `/database?boot=0&paused=1&seed=${seed}`, 'Database')
}

const status = (page: Page) => page.getByTestId('db-status')
const disk = (page: Page) => page.getByTestId('db-disk')
const refreshed = (page: Page) => page.getByTestId('db-refreshed')
const diskFill = (page: Page) =>
  page.getByRole('progressbar', { name: 'Disk usage' }).locator('div').first()

test.describe('database (desktop)', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('status cards and the databases, data shards and recent queries tables with their formats', async ({
    page,
  }) => {
    await open(page, 6)
    await expect(status(page)).toHaveText('online')
    await expect(disk(page)).toHaveText('58.2%')
    await expect(refreshed(page)).toHaveText('Last refresh 10:00:01')
    await expect(page.getByText('All storage nodes reachable')).toBeVisible()
    await expect(page.getByText(/^\d+\.\d{2} (GB|TB) · \d+ tables$/)).toBeVisible()
    await expect(page.getByText(/^\d online · \d{1,3}(,\d{3})* records$/)).toBeVisible()

    const dbs = page.getByRole('table', { name: 'Databases' })
    await expect(dbs.getByRole('columnheader')).toHaveText([
      'ID',
      'Name',
      'Type',
      'Size',
      'Tables',
      'Status',
      'Last Backup',
    ])
    await expect(dbs.locator('tbody tr')).toHaveCount(6)
    await expect(dbs.locator('tbody tr td:nth-child(3)')).toHaveText([
      'TimeSeries',
      'Document',
      'Graph',
      'Ledger',
      'Document',
      'TimeSeries',
    ])
    for (const size of await dbs.locator('tbody tr td:nth-child(4)').allTextContents()) {
      expect(size).toMatch(/^(\d+ MB|\d+\.\d{2} GB|\d+\.\d{2} TB)$/)
    }
    for (const s of await dbs.locator('tbody tr td:nth-child(6)').allTextContents()) {
      expect(['online', 'syncing', 'error']).toContain(s)
    }
    for (const age of await dbs.locator('tbody tr td:nth-child(7)').allTextContents()) {
      expect(age).toMatch(/^\d+[mhd] ago$/)
    }

    const shards = page.getByRole('table', { name: 'Data shards' })
    await expect(shards.getByRole('columnheader')).toHaveText([
      'Shard',
      'Database',
      'Node',
      'Replicas',
      'Status',
      'Records',
    ])
    await expect(shards.locator('tbody tr')).toHaveCount(8)
    for (const r of await shards.locator('tbody tr td:nth-child(6)').allTextContents()) {
      expect(r).toMatch(/^\d{1,3}(,\d{3})*$/)
    }

    const queries = page.getByRole('table', { name: 'Recent queries' })
    await expect(queries.getByRole('columnheader')).toHaveText([
      'Query',
      'Time',
      'Database',
      'Duration',
      'Status',
    ])
    await expect(queries.locator('tbody tr')).toHaveCount(8)
    await expect(queries.locator('tbody tr').first().locator('td').nth(0)).toHaveText('q-4120')
    await expect(queries.locator('tbody tr').first().locator('td').nth(1)).toHaveText('10:00:01')
    for (const d of await queries.locator('tbody tr td:nth-child(4)').allTextContents()) {
      expect(d).toMatch(/^\d+ ms$/)
    }
    for (const s of await queries.locator('tbody tr td:nth-child(5)').allTextContents()) {
      expect(['completed', 'error']).toContain(s)
    }
  })

  test('every 15 s the overall status is re-rolled, the disk drifts and a query is logged', async ({
    page,
  }) => {
    await open(page, 6)
    const queries = page.getByRole('table', { name: 'Recent queries' }).locator('tbody tr')
    const expected = [
      ['online', '59.0%', '10:00:16', 'q-4121'],
      ['syncing', '55.8%', '10:00:31', 'q-4122'],
      ['online', '59.4%', '10:00:46', 'q-4123'],
      ['error', '55.4%', '10:01:01', 'q-4124'],
    ] as const
    let last = '10:00:01'
    for (const [s, d, t, q] of expected) {
      await page.clock.fastForward(14_999)
      await expect(refreshed(page)).toHaveText(`Last refresh ${last}`) // nothing before the 15 s mark
      await page.clock.fastForward(1)
      await expect(refreshed(page)).toHaveText(`Last refresh ${t}`)
      await expect(status(page)).toHaveText(s)
      await expect(disk(page)).toHaveText(d)
      await expect(queries.first().locator('td').first()).toHaveText(q)
      await expect(queries).toHaveCount(8)
      last = t
    }
    await expect(page.getByText('Cluster reports replication errors')).toBeVisible()
  })

  test('Refresh re-rolls at once and logs a new query on top', async ({ page }) => {
    await open(page, 6)
    await page.clock.fastForward(4000)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(refreshed(page)).toHaveText('Last refresh 10:00:05')
    await expect(disk(page)).toHaveText('59.0%')
    const first = page.getByRole('table', { name: 'Recent queries' }).locator('tbody tr').first()
    await expect(first.locator('td').nth(0)).toHaveText('q-4121')
    await expect(first.locator('td').nth(1)).toHaveText('10:00:05')
  })

  test('disk bar colours: green up to 70, yellow above 70, red above 85', async ({ page }) => {
    await open(page, 6)
    await expect(disk(page)).toHaveText('58.2%')
    await expect(diskFill(page)).toHaveCSS('background-color', GREEN)

    await open(page, 1)
    await expect(disk(page)).toHaveText('76.2%')
    await expect(diskFill(page)).toHaveCSS('background-color', YELLOW)

    await open(page, 21)
    for (let i = 0; i < 4; i++) await page.clock.fastForward(15_000)
    await expect(disk(page)).toHaveText('86.5%')
    await expect(diskFill(page)).toHaveCSS('background-color', RED)
    await expect(page.getByRole('progressbar', { name: 'Disk usage' })).toHaveAttribute(
      'aria-valuenow',
      '86.5',
    )
  })

  test('no serious or critical accessibility violations', async ({ page }) => {
    await open(page, 6)
    await page.clock.resume() // axe schedules its work on timers
    const result = await new AxeBuilder({ page }).include('main').analyze()
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    )
  })

  test('visual: database on desktop', { tag: '@visual' }, async ({ page }) => {
    await open(page, 1)
    await expect(page).toHaveScreenshot('database-desktop.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
  })
})

test.describe('database (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('tables scroll sideways inside their panel instead of widening the page', async ({
    page,
  }) => {
    await open(page, 1)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeInViewport()
  })

  test('visual: database on a phone', { tag: '@visual' }, async ({ page }) => {
    await open(page, 1)
    await expect(page).toHaveScreenshot('database-phone.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
  })
})
