import { expect, type Page } from '@playwright/test'

/**
 * Open a lazy dashboard route under a paused clock (page.clock) and wait for its h1.
 * GOTCHA: React 19 reveals a lazy page 300 ms of the page's clock after its fallback showed, and
 * the fallback may show only after goto() returns: the route's chunk is imported on the first
 * render. Running the clock before it showed left the page on "Loading module..." for good (seen
 * once in CI on a busy machine), so the 300 ms run only once the fallback or the page is there.
 */
export async function openLazyPage(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url)
  const h1 = page.getByRole('heading', { name: heading, level: 1 })
  const fallback = page.getByRole('status').filter({ hasText: 'Loading module...' })
  await expect(fallback.or(h1).first()).toBeVisible()
  await page.clock.runFor(300)
  await expect(h1).toBeVisible()
}
