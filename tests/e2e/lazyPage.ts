import { expect, type Page } from '@playwright/test'

/**
 * Open a lazy dashboard route under a paused clock (page.clock) and wait for its h1; the clock
 * then stands where the page mounted, so its timers run from the test's next step either way.
 * GOTCHA: React 19 reveals a lazy page 300 ms of the page's clock after its fallback showed, and
 * the fallback may show only after goto() returns: the route's chunk is imported on the first
 * render. Running the clock before it showed left the page on "Loading module..." for good (seen
 * once in CI on a busy machine), so the 300 ms run only once the fallback or the page is there.
 * Where the route's HTML preloaded its chunks in time, the import resolves within the first
 * render and React shows the page without a fallback, mounted at the paused time: running the
 * clock then would have its timers 300 ms ahead of a test's timeline (a 10 s refresh seen at
 * 9.7 s), so the clock runs only behind a fallback.
 */
export async function openLazyPage(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url)
  const h1 = page.getByRole('heading', { name: heading, level: 1 })
  const fallback = page.getByRole('status').filter({ hasText: 'Loading module...' })
  await expect(fallback.or(h1).first()).toBeVisible()
  const shownAtOnce = await h1.isVisible()
  if (!shownAtOnce) await page.clock.runFor(300)
  await expect(h1).toBeVisible()
}
