/**
 * Helpers for the browser tests of the wallet screens (whitelist, chat).
 */
import { readFileSync } from 'node:fs'
import { type Page, expect } from '@playwright/test'

/**
 * tests/e2e/screenshot.css (clock, scan line and scene hidden) plus no backdrop blur, from the
 * first paint, as a constructed stylesheet (page.addInitScript(stillPage, SCREENSHOT_CSS)).
 * GOTCHA: toHaveScreenshot's stylePath injects a <style> tag, which our CSP blocks. And under
 * software WebGL the panels' blur over the live scene makes desktop-sized frames so slow that
 * animations never start and clicks wait. The scene is decorative: the screens behave the same.
 */
export function stillPage(css: string) {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(`${css}\n* { backdrop-filter: none !important; }`)
  const adopt = () => {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', adopt)
  else adopt()
}
export const SCREENSHOT_CSS = readFileSync('tests/e2e/screenshot.css', 'utf8')

/**
 * Pauses Playwright's clock (installed before the page loaded) once the page has rendered: from
 * then on the page's time moves only with runFor. GOTCHA: paused before the first render, React's
 * Suspense reveal (a timer) never fires and the lazy page stays on 'Loading module...'.
 */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500)
}

/** The toast region; a modal dialog hides it from the accessibility tree while it is open. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notification', includeHidden: true })
}

/**
 * GOTCHA: react-query hands results to components through a setTimeout(0); under a paused page
 * clock that timer only fires when the clock is stepped, so step it while waiting.
 */
export async function settle(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.clock.runFor(20)
    await check()
  }).toPass({ timeout: 10_000 })
}
