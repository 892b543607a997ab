/**
 * Swarm Core's live row (the parameter panel's data source, its button and note) while the
 * default live feed has not answered yet: slow, then failing and retrying. Run on both projects
 * (playwright.config.ts); the page asks for the live feed either way.
 */
import { expect, test } from '@playwright/test'

test.describe('the live row before the feed answers (issue 36)', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the note says the live swarm is connecting, then turns live in place; the sliders stay put', async ({
    page,
  }) => {
    // The feed's first socket opens 3 s late (a slow network): the page waits in 'connecting'.
    await page.addInitScript(() => {
      const Real = window.WebSocket
      type Handler = ((e: Event) => void) | null
      const Slow = function (url: string | URL, protocols?: string | string[]) {
        if (performance.now() > 2500) return new Real(url, protocols)
        let real: WebSocket | null = null
        let closed = false
        const slow = {
          readyState: 0,
          binaryType: 'blob' as BinaryType,
          onopen: null as Handler,
          onmessage: null as Handler,
          onclose: null as Handler,
          onerror: null as Handler,
          send: (data: ArrayBufferLike) => real?.send(data),
          close: (code?: number) => (real ? real.close(code) : (closed = true)),
        }
        setTimeout(() => {
          if (closed) return
          real = new Real(url, protocols)
          real.binaryType = slow.binaryType
          real.onopen = (e) => ((slow.readyState = 1), slow.onopen?.(e))
          real.onmessage = (e) => slow.onmessage?.(e)
          real.onerror = (e) => slow.onerror?.(e)
          real.onclose = (e) => ((slow.readyState = 3), slow.onclose?.(e))
        }, 3000)
        return slow
      } as unknown as typeof WebSocket
      window.WebSocket = Slow
    })
    await page.goto('/?boot=0')
    const panel = page.getByTestId('parameter-panel')
    const note = panel.getByTestId('live-note')
    await expect(note.locator('span').first()).toHaveText(
      'Connecting to the live swarm: its values show here once it answers.',
    )
    await note
      .locator('span')
      .first()
      .evaluate((el) => ((el as { __first?: true }).__first = true))
    const slider = panel.getByRole('slider').first()
    const before = (await slider.boundingBox())!.y
    await expect(note.locator('span').first()).toHaveText(
      'Server values, read-only: the live swarm is shared by every visitor.',
      { timeout: 20_000 },
    )
    // the same element all along (a new one would be a new largest paint), nothing moved
    expect(
      await note
        .locator('span')
        .first()
        .evaluate((el) => (el as { __first?: true }).__first),
    ).toBe(true)
    expect((await slider.boundingBox())!.y).toBe(before)
    await expect(panel.getByRole('button', { name: 'Simulate locally' })).toBeVisible()
  })

  test('while the feed fails and retries, the row holds its place; it turns live when a retry connects', async ({
    page,
  }) => {
    // The feed's first two sockets fail (closed without a handshake, as a dropped network does);
    // the third is the real one. The connection retries after 1 s, then 1.5 s.
    await page.addInitScript(() => {
      const Real = window.WebSocket
      let made = 0
      const Failing = function (url: string | URL, protocols?: string | string[]) {
        if (++made > 2) return new Real(url, protocols)
        const failing = {
          readyState: 0,
          binaryType: 'blob' as BinaryType,
          onopen: null as ((e: Event) => void) | null,
          onmessage: null as ((e: Event) => void) | null,
          onclose: null as ((e: CloseEvent) => void) | null,
          onerror: null as ((e: Event) => void) | null,
          send: () => {},
          close: () => {},
        }
        setTimeout(() => {
          failing.readyState = 3
          failing.onerror?.(new Event('error'))
          failing.onclose?.(new CloseEvent('close', { code: 1006 }))
        }, 200)
        return failing
      } as unknown as typeof WebSocket
      window.WebSocket = Failing
    })
    await page.goto('/?boot=0')
    const panel = page.getByTestId('parameter-panel')
    const note = panel.getByTestId('live-note')
    const first = note.locator('span').first()
    await expect(first).toHaveText(
      'Connecting to the live swarm: its values show here once it answers.',
    )
    await first.evaluate((el) => ((el as { __first?: true }).__first = true))
    const slider = panel.getByRole('slider').first()
    const y = (await slider.boundingBox())!.y
    // Sample the row through the failures: the same note, the sliders where they were.
    const seen = await page.evaluate(async () => {
      const out: string[] = []
      const until = performance.now() + 6000
      while (performance.now() < until) {
        const span = document.querySelector('[data-testid="live-note"] span') as
          (HTMLElement & { __first?: true }) | null
        const slider = document.querySelector('[data-testid="parameter-panel"] input[type="range"]')
        const top = slider?.getBoundingClientRect().top ?? -1
        const { feed, feedAttempts, feedSource } = document.documentElement.dataset
        out.push(
          `${span ? (span.__first ? 'same' : 'new') : 'none'} ${Math.round(top)} ${feed}/${feedAttempts}/${feedSource} ${span?.textContent?.slice(0, 12)}`,
        )
        if (span?.textContent?.startsWith('Server values')) break
        await new Promise((r) => setTimeout(r, 10))
      }
      return out
    })
    expect(
      seen.filter((s) => !s.startsWith('same ')),
      seen.join(', '),
    ).toEqual([])
    expect(new Set(seen.map((s) => s.split(' ')[1])).size, seen.join(', ')).toBe(1)
    expect(Math.round(y)).toBe(Number(seen[0]!.split(' ')[1]))
    await expect(first).toHaveText(
      'Server values, read-only: the live swarm is shared by every visitor.',
      { timeout: 20_000 },
    )
    expect(await first.evaluate((el) => (el as { __first?: true }).__first)).toBe(true)
    await expect(panel.getByRole('button', { name: 'Simulate locally' })).toBeVisible()
  })
})
