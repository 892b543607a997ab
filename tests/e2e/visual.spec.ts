/**
 * Golden cases of the Swarm Core layout on tablets (issue 17): portrait and landscape at the three
 * common tablet sizes, seeded and paused, touch, device scale 1. The scene itself is hidden here
 * (its own goldens are in scene.spec.ts) so these pin the overlay layout and stay small. Every
 * other screen's golden case is the `@visual`-tagged test in that screen's spec; the README's
 * "Visual snapshots" section says how to run, update and review them.
 */
import { expect, test } from '@playwright/test'
import { openScene } from './sceneFixtures'
import { frozen, hideMoving } from './swarmFixtures'

/** The tablet golden cases: name → viewport (CSS px). */
export const TABLET_CASES = [
  ['tablet-768x1024', { width: 768, height: 1024 }],
  ['tablet-1024x768', { width: 1024, height: 768 }],
  ['tablet-820x1180', { width: 820, height: 1180 }],
  ['tablet-1180x820', { width: 1180, height: 820 }],
  ['tablet-1024x1366', { width: 1024, height: 1366 }],
  ['tablet-1366x1024', { width: 1366, height: 1024 }],
] as const

for (const [name, viewport] of TABLET_CASES) {
  test.describe(`Swarm Core on ${name}`, () => {
    test.use({ viewport, hasTouch: true, deviceScaleFactor: 1, timezoneId: 'UTC' })

    test(`visual: overlays on ${name}`, { tag: '@visual' }, async ({ page }) => {
      await frozen(page)
      await hideMoving(page)
      await expect(page).toHaveScreenshot(`swarm-${name}.png`)
    })
  })
}

/**
 * Golden cases of the overview minimap (issue 32): its panel alone (desktop) and the dock's map
 * (phone, shown by the MAP button), seeded and paused with one agent failing, after the census
 * the paused clock lets through — so the heat image, the failing red cell and the view rectangle
 * are pinned, not the scene around them.
 */
const MINIMAP_CASES = [
  ['minimap-desktop', { viewport: { width: 1440, height: 900 } }],
  ['minimap-phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const

for (const [name, options] of MINIMAP_CASES) {
  test.describe(`Swarm Core ${name}`, () => {
    test.use({ ...options, deviceScaleFactor: 1, timezoneId: 'UTC' })

    test(`visual: ${name}`, { tag: '@visual' }, async ({ page }) => {
      await frozen(page)
      if (options.viewport.width < 768) await page.getByRole('button', { name: 'Show map' }).tap()
      const census = async () =>
        Number(await page.getByTestId('minimap-heat').getAttribute('data-census'))
      const before = await census()
      await page.evaluate(() => window.__vposSwarm!.markFailing(0))
      // the census runs on a 500 ms timer: let the paused clock through until it counts the failure
      for (
        let i = 0;
        i < 20 && !/1 failing/.test(await page.getByTestId('minimap-panel').innerText());
        i++
      )
        await page.clock.runFor(250)
      await expect(page.getByTestId('minimap-panel')).toContainText('1 failing')
      expect(await census()).toBeGreaterThan(before)
      await expect(page.getByTestId('minimap-panel')).toHaveScreenshot(`${name}.png`)
    })
  })
}

// The filtered view (issue 32): seeded and paused, analyzers and collectors that are processing
// stay bright, the rest dimmed; the canvas alone, then the legend with its counts. GOTCHA: the
// screenshot stylesheets arrive as inline <style>, which the app's CSP refuses: CSP is bypassed.
test.describe('Swarm Core filtered view (desktop)', () => {
  test.use({ viewport: { width: 1440, height: 900 }, bypassCSP: true, deviceScaleFactor: 1 })

  test('visual: a filtered view, paused', { tag: '@visual' }, async ({ page }) => {
    await openScene(page, '&e2e=1&type=analyzer,collector&status=processing')
    const legend = page.getByRole('region', { name: 'Filter' })
    await expect(legend.getByTestId('filter-showing')).toHaveText(/^SHOWING \d+ OF 146$/)
    await expect(page).toHaveScreenshot('swarm-filtered-desktop.png', {
      stylePath: 'tests/e2e/scene-only.css',
    })
    await expect(legend).toHaveScreenshot('swarm-filter-legend-desktop.png', {
      stylePath: 'tests/e2e/hide-moving.css',
    })
  })
})
