import { expect, test } from '@playwright/test'

/**
 * The CSP (server/plugins/security.plugin.ts) in a real browser: every screen renders with its
 * styles (styled-components picks up the per-request nonce), the WebGL scene loads without eval,
 * and the browser reports no CSP violation.
 */
const ROUTES = [
  '/',
  '/analytics',
  '/terminal',
  '/token',
  '/whitelist',
  '/chat',
  '/settings',
  '/no/such/page',
]

test.describe('content security policy', () => {
  for (const route of ROUTES) {
    test(`${route} renders styled with no CSP violation`, async ({ page }) => {
      const violations: string[] = []
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
      })
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`Refused to load (CSP): ${e.violatedDirective} ${e.blockedURI}`)
        })
      })
      const res = await page.goto(`${route}${route.includes('?') ? '&' : '?'}boot=0`)
      const csp = res?.headers()['content-security-policy'] ?? ''
      expect(csp).toContain("object-src 'none'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('unsafe-eval')
      // The nonce in the header is the one on the page's tags.
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
      expect(nonce).toBeTruthy()
      expect(
        await page
          .locator('script[type=module]')
          .first()
          .evaluate((s) => (s as HTMLScriptElement).nonce),
      ).toBe(nonce)
      await expect(page.locator('#root')).not.toBeEmpty()
      // styled-components' <style> tags carry the nonce, and their rules apply.
      await expect.poll(() => page.locator('style[data-styled]').count()).toBeGreaterThan(0)
      const styledNonce = await page
        .locator('style[data-styled]')
        .first()
        .evaluate((s) => (s as HTMLStyleElement).nonce)
      expect(styledNonce).toBe(nonce)
      const ruleCount = await page.evaluate(() =>
        [...document.styleSheets].reduce(
          (n, s) => n + (s.ownerNode instanceof HTMLStyleElement ? s.cssRules.length : 0),
          0,
        ),
      )
      expect(ruleCount).toBeGreaterThan(10)
      await page.waitForLoadState('networkidle')
      expect(violations).toEqual([])
    })
  }

  test('the WebGL scene chunk loads and draws under the CSP (no eval)', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to|EvalError/i.test(m.text())) violations.push(m.text())
    })
    page.on('pageerror', (e) => violations.push(e.message))
    await page.goto('/?boot=0')
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 20_000 })
    await page.waitForLoadState('networkidle')
    expect(violations).toEqual([])
  })
})
