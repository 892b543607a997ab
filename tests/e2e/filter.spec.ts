/**
 * Filtering the swarm on Swarm Core (issue 32): the FILTER legend's toggles dim the agents outside
 * the filter on the GPU (read back from the rendered pixels, so a blank canvas fails), its live
 * counts equal the panels' figures and a count over the displayed swarm's buffers, and the filter
 * lives in the URL: written when it changes, in Copy link, restored by the link. Desktop, portrait
 * tablet and phone, on both feeds (playwright.config.ts live-feed project).
 */
import { type Locator, type Page, expect, test } from '@playwright/test'
import { DESKTOP, PHONE, feedSource, open } from './swarmFixtures'

const TABLET = { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true }
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] }
const GROUPS = ['Type', 'Status', 'Mode', 'Energy', 'Failing'] as const

type Size = 'desktop' | 'tablet' | 'phone'
type Counts = Record<string, Record<string, number>>

const filterPanel = (page: Page) => page.getByRole('region', { name: 'Filter' })
const toggle = (page: Page, group: (typeof GROUPS)[number], value: string) =>
  filterPanel(page)
    .getByRole('group', { name: group })
    .getByRole('button', { name: new RegExp(`^${value}\\b`) })

/** Phones and portrait tablets show the legend as a dock tab. */
async function showFilter(page: Page, size: Size) {
  if (size !== 'desktop') await page.getByRole('tab', { name: 'Filter' }).tap()
  await expect(filterPanel(page)).toBeVisible()
}

async function press(page: Page, size: Size, button: Locator) {
  if (size === 'desktop') await button.click()
  else await button.tap()
}

/** The legend as shown: each group's value → count, and SHOWING n OF m. */
async function legend(page: Page): Promise<Counts> {
  return filterPanel(page).evaluate((panel, groups) => {
    const n = (s: string | null | undefined) => Number((s ?? '').replace(/,/g, ''))
    const out: Record<string, Record<string, number>> = {}
    for (const g of groups) {
      out[g] = {}
      for (const b of panel.querySelectorAll(`[role="group"][aria-label="${g}"] button`)) {
        out[g][b.getAttribute('data-filter-value')!] = n(b.querySelector('.count')?.textContent)
      }
    }
    const m = /SHOWING ([\d,]+) OF ([\d,]+)/.exec(
      panel.querySelector('[data-testid="filter-showing"]')?.textContent ?? '',
    )
    out.Showing = { matching: n(m?.[1]), of: n(m?.[2]) }
    return out
  }, GROUPS)
}

/** The same figures counted over the displayed swarm's buffers under the page's filter. */
async function counted(page: Page): Promise<Counts> {
  return page.evaluate(() => {
    const h = window.__vposSwarm!
    const b = h.display.buffers
    const f = h.explore.filter
    const names = {
      Type: ['standard', 'analyzer', 'collector', 'processor', 'other'],
      Status: ['active', 'idle', 'processing', 'other'],
      Mode: ['explore', 'idle', 'target', 'analyze'],
      Energy: ['critical', 'low', 'mid', 'high'],
    }
    const out: Record<string, Record<string, number>> = {}
    for (const [g, list] of Object.entries(names))
      out[g] = Object.fromEntries(list.map((v) => [v, 0]))
    out.Failing = { failing: 0 }
    let matching = 0
    for (let i = 0; i < b.count; i++) {
      const e = b.energy[i]!
      const band = e < 25 ? 0 : e < 50 ? 1 : e < 75 ? 2 : 3
      const failing = (b.flags[i]! & 2) !== 0
      const [t, s, m] = [b.type[i]!, b.status[i]!, b.mode[i]!]
      out.Type![names.Type[t]!]! += 1
      out.Status![names.Status[s]!]! += 1
      out.Mode![names.Mode[m]!]! += 1
      out.Energy![names.Energy[band]!]! += 1
      if (failing) out.Failing!.failing! += 1
      if (
        (f.types === 0 || (f.types & (1 << t)) !== 0) &&
        (f.statuses === 0 || (f.statuses & (1 << s)) !== 0) &&
        (f.modes === 0 || (f.modes & (1 << m)) !== 0) &&
        (f.energy === 0 || (f.energy & (1 << band)) !== 0) &&
        (!f.failing || failing)
      )
        matching++
    }
    out.Showing = { matching, of: b.count }
    return out
  })
}

async function expectLegendMatchesSwarm(page: Page) {
  await expect
    .poll(async () => {
      const [shown, want] = [await legend(page), await counted(page)]
      return JSON.stringify(shown) === JSON.stringify(want) ? 'equal' : { shown, want }
    })
    .toBe('equal')
}

/**
 * Agents drawn on free canvas (no overlay over them, no other agent within 24 px), not failing,
 * of a status with its own colour: where each is on screen, and its type.
 */
async function probeAgents(page: Page) {
  return page.evaluate(() => {
    const h = window.__vposSwarm!
    const b = h.display.buffers
    const w = h.swarm.world
    const canvas = document
      .querySelector('[data-testid="scene-slot"] canvas')!
      .getBoundingClientRect()
    const pts: { i: number; type: number; x: number; y: number; r: number; free: boolean }[] = []
    for (let i = 0; i < b.count; i++) {
      const x =
        canvas.left + (b.x[i]! - w.width / 2 - h.camera.x) * h.camera.zoom + canvas.width / 2
      const y =
        canvas.top + (b.y[i]! - w.height / 2 - h.camera.y) * h.camera.zoom + canvas.height / 2
      const inside = x > 12 && y > 12 && x < innerWidth - 12 && y < innerHeight - 12
      const free =
        inside &&
        (b.flags[i]! & 2) === 0 &&
        b.status[i] !== 3 &&
        document.elementFromPoint(x, y)?.closest('[data-testid="scene-slot"]') != null
      pts.push({ i, type: b.type[i]!, x, y, r: b.size[i]! * h.camera.zoom, free })
    }
    return pts.filter(
      (p) => p.free && pts.every((q) => q === p || Math.hypot(q.x - p.x, q.y - p.y) > 24),
    )
  })
}

/**
 * The brightest luma (0–255) in the 3×3 device pixels at each point of a screenshot; NaN where an
 * overlay now covers the point.
 */
async function lumaAt(page: Page, points: { x: number; y: number }[]): Promise<number[]> {
  const png = (await page.screenshot()).toString('base64')
  return page.evaluate(
    async ({ png, points }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0))
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const canvas = new OffscreenCanvas(image.width, image.height)
      const g = canvas.getContext('2d')!
      g.drawImage(image, 0, 0)
      const scale = image.width / innerWidth
      return points.map((p) => {
        // an overlay that came over the point since it was chosen: no reading (NaN fails)
        const top = document.elementFromPoint(p.x, p.y)
        if (!top?.closest('[data-testid="scene-slot"]')) return NaN
        const d = g.getImageData(Math.round(p.x * scale) - 1, Math.round(p.y * scale) - 1, 3, 3)
        let max = 0
        for (let k = 0; k < d.data.length; k += 4) {
          max = Math.max(max, 0.299 * d.data[k]! + 0.587 * d.data[k + 1]! + 0.114 * d.data[k + 2]!)
        }
        return max
      })
    },
    { png, points },
  )
}

const TYPES = ['standard', 'analyzer', 'collector', 'processor', 'other'] as const

/**
 * For each point: whether a drawn link between two agents of type `kind` passes within the
 * point's radius + 4 px of it (screen coordinates as probeAgents gives them).
 */
async function underBrightLinks(
  page: Page,
  kind: number,
  points: { i: number; x: number; y: number; r: number }[],
): Promise<boolean[]> {
  return page.evaluate(
    ({ kind, points }) => {
      const h = window.__vposSwarm!
      const b = h.display.buffers
      const links = h.display.links
      const w = h.swarm.world
      const canvas = document
        .querySelector('[data-testid="scene-slot"] canvas')!
        .getBoundingClientRect()
      const sx = (i: number) =>
        canvas.left + (b.x[i]! - w.width / 2 - h.camera.x) * h.camera.zoom + canvas.width / 2
      const sy = (i: number) =>
        canvas.top + (b.y[i]! - w.height / 2 - h.camera.y) * h.camera.zoom + canvas.height / 2
      const segments: [number, number, number, number][] = []
      for (let k = 0; k < links.count; k++) {
        const [p, q] = [links.a[k]!, links.b[k]!]
        if (b.type[p] === kind && b.type[q] === kind) segments.push([sx(p), sy(p), sx(q), sy(q)])
      }
      return points.map((pt) =>
        segments.some(([x1, y1, x2, y2]) => {
          const [dx, dy] = [x2 - x1, y2 - y1]
          const t = Math.max(
            0,
            Math.min(1, ((pt.x - x1) * dx + (pt.y - y1) * dy) / (dx * dx + dy * dy || 1)),
          )
          return Math.hypot(x1 + t * dx - pt.x, y1 + t * dy - pt.y) <= pt.r + 4
        }),
      )
    },
    { kind, points },
  )
}

/** Each probe's reading before beside its reading after, where it is still on free canvas. */
function readings(before: number[], after: number[]) {
  return after.map((a, k) => [before[k]!, a] as const).filter(([, a]) => !Number.isNaN(a))
}

/**
 * Every reading still on free canvas passes `pass` against its reading before, and at least one
 * is (a panel or popup that came over a probe since takes it out, never the whole check).
 */
function held(before: number[], after: number[], pass: (b: number, a: number) => boolean) {
  const read = readings(before, after)
  return read.length > 0 && read.every(([b, a]) => pass(b, a))
}

/** More than half of the readings still on free canvas pass `pass` against their readings before. */
function mostly(before: number[], after: number[], pass: (b: number, a: number) => boolean) {
  const read = readings(before, after)
  return read.filter(([b, a]) => pass(b, a)).length * 2 > read.length
}

for (const [size, options] of [
  ['desktop', DESKTOP],
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test.describe(`Swarm Core filter (${size})`, () => {
    test.use({ ...options, ...CLIPBOARD })

    test(`a filter dims the other agents; the legend counts match the panels and the swarm (${size})`, async ({
      page,
    }) => {
      await open(page)
      // the scene first (30 s: a loaded machine starts WebGL slowly), then that it is WebGL
      await expect(page.locator('html')).toHaveAttribute('data-scene-ready', '1', {
        timeout: 30_000,
      })
      await expect(page.getByTestId('swarm-canvas')).toHaveAttribute('data-webgl', /webgl/)
      // one failing agent, so the failing count is not a trivial 0
      expect(await page.evaluate(() => window.__vposSwarm!.markFailing(5))).toBeGreaterThanOrEqual(
        0,
      )
      // its error popup (desktop, tablet) is up before the agents under free canvas are chosen
      if (size !== 'phone') await expect(page.getByRole('alert').first()).toBeVisible()
      if (size !== 'phone') {
        // the status panel's figures (a dock tab of its own on the tablet)
        if (size === 'tablet') await page.getByRole('tab', { name: 'Status' }).tap()
        const failing = page.getByTestId('failing-count')
        await expect(failing).not.toHaveText('0')
        const status = page.getByRole('region', { name: 'System Status' })
        const total = Number(/\/ (\d+)/.exec((await status.textContent()) ?? '')?.[1])
        expect(total).toBe(await page.evaluate(() => window.__vposSwarm!.display.buffers.count))
        const failingShown = Number(await failing.textContent())
        await showFilter(page, size)
        await expect.poll(async () => (await legend(page)).Failing!.failing).toBe(failingShown)
        const shown = await legend(page)
        expect(Object.values(shown.Type!).reduce((a, b) => a + b, 0)).toBe(total)
        expect(shown.Showing).toEqual({ matching: total, of: total })
      } else {
        await showFilter(page, size)
      }
      await expectLegendMatchesSwarm(page)

      // a matching and a non-matching agent, both on free canvas. The type filtered is one drawn
      // there: a live swarm is random, and a phone's free canvas can hold no analyzer at all
      const probes = await probeAgents(page)
      const seen = await lumaAt(page, probes)
      // drawn: the probed agents stand well above the dark background (a blank canvas fails
      // here); the brightest of each kind, 3 px in radius or more, are watched, so no grid line or
      // link showing through an antialiased edge or a dimmed disc blurs the verdict
      const drawn = probes
        .map((p, k) => ({ ...p, luma: seen[k]! }))
        .filter((p) => p.luma >= 90 && p.r >= 3)
        .sort((a, b) => b.luma - a.luma)
      // the rarest such type: a link stays bright when both its ends match, and the fewer agents
      // match, the fewer bright links can cross a dimmed agent's pixels
      const inSwarm = await page.evaluate(() => {
        const b = window.__vposSwarm!.display.buffers
        const n = [0, 0, 0, 0, 0]
        for (let i = 0; i < b.count; i++) n[b.type[i]!]! += 1
        return n
      })
      // a link with both ends of the kind stays bright after the filter: a non-matching agent
      // under one reads that link, not its own dimmed disc (once in a full CI run, 150 → 101),
      // so those are not watched
      let kind = -1
      let crossed: boolean[] = []
      for (const t of TYPES.map((_, t) => t).sort((a, b) => inSwarm[a]! - inSwarm[b]!)) {
        if (!drawn.some((p) => p.type === t)) continue
        crossed = await underBrightLinks(page, t, drawn)
        if (drawn.some((p, k) => p.type !== t && !crossed[k])) {
          kind = t
          break
        }
      }
      expect(kind, 'agents of two types drawn on free canvas').toBeGreaterThanOrEqual(0)
      const pick = (matching: boolean) =>
        drawn
          .filter((p, k) => (p.type === kind) === matching && (matching || !crossed[k]))
          .slice(0, 3)
      const bright = pick(true)
      const dimmed = pick(false)
      const before = [...bright, ...dimmed].map((p) => p.luma)

      const chosen = toggle(page, 'Type', TYPES[kind]!)
      await expect(chosen).toHaveAttribute('aria-pressed', 'false')
      if (size === 'desktop') {
        // keyboard: the toggle is a button reached by Tab and pressed with Space
        await chosen.focus()
        await page.keyboard.press('Space')
      } else {
        await press(page, size, chosen)
      }
      await expect(chosen).toHaveAttribute('aria-pressed', 'true')
      const n = bright.length
      await expect
        .poll(
          async () => {
            const after = await lumaAt(page, [...bright, ...dimmed])
            const keep = held(before.slice(0, n), after.slice(0, n), (b, a) => a >= b * 0.8)
            // every non-matching probe darker, most of them to 0.6 or less: on the live feed the
            // swarm moves on, and once in a full CI run a matching neighbour came near one probe
            // on the phone (128 → 94, the other two 145 → 43 and 138 → 34)
            const dim =
              held(before.slice(n), after.slice(n), (b, a) => a <= b * 0.8) &&
              mostly(before.slice(n), after.slice(n), (b, a) => a <= b * 0.6)
            return keep && dim ? 'dimmed' : { before, after }
          },
          { timeout: 20_000 },
        )
        .toBe('dimmed')
      await expectLegendMatchesSwarm(page)
      const showing = (await legend(page)).Showing!
      expect(showing.matching).toBeLessThan(showing.of!)
      expect(showing.matching).toBeGreaterThan(0)
      // the minimap follows the filter: its caption counts the same matching agents
      if (size === 'desktop')
        await expect(page.getByTestId('minimap-panel')).toContainText(
          `${showing.matching!.toLocaleString('en-US')} matching`,
        )
      await page.screenshot({ path: test.info().outputPath(`filter-${size}-${feedSource()}.png`) })

      // dimmed, not hidden: a dimmed agent is still picked by a click or a tap
      const id = await page.evaluate(
        (i) => window.__vposSwarm!.display.buffers.ids[i]!,
        dimmed[0]!.i,
      )
      if (size === 'desktop') await page.mouse.click(dimmed[0]!.x, dimmed[0]!.y)
      else await page.touchscreen.tap(dimmed[0]!.x, dimmed[0]!.y)
      await expect(page.locator('html')).toHaveAttribute('data-selected-agent', id)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)

      // CLEAR: every agent bright again
      await press(page, size, filterPanel(page).getByRole('button', { name: 'Clear the filter' }))
      await expect(chosen).toHaveAttribute('aria-pressed', 'false')
      await expect
        .poll(
          async () => {
            const after = await lumaAt(page, dimmed)
            return held(before.slice(n), after, (b, a) => a >= b * 0.8) || { before, after }
          },
          { timeout: 20_000 },
        )
        .toBe(true)
      await expectLegendMatchesSwarm(page)
    })

    test(`the filter is in the URL and in Copy link; the link reopens it (${size})`, async ({
      page,
    }) => {
      await open(page)
      await showFilter(page, size)
      await press(page, size, toggle(page, 'Type', 'analyzer'))
      await press(page, size, toggle(page, 'Type', 'collector'))
      await press(page, size, toggle(page, 'Status', 'processing'))
      await press(page, size, toggle(page, 'Energy', 'high'))
      const want = 'type=analyzer,collector&status=processing&energy=high'
      await expect.poll(() => page.url()).toContain(want)
      const copy = page.getByRole('button', { name: 'Copy link to this view' })
      await press(page, size, copy)
      await expect(copy).toHaveText('COPIED')
      const copied = await page.evaluate(() => navigator.clipboard.readText())
      expect(copied).toBe(page.url())
      expect(copied).toContain(want)
      expect(copied.length).toBeLessThanOrEqual(2048)

      // the copied link on a fresh page: the same filter, pressed, and the same figures
      await page.goto('about:blank')
      await open(page, copied.replace(/^https?:\/\/[^/]+/, ''))
      await showFilter(page, size)
      for (const [group, value, pressed] of [
        ['Type', 'analyzer', 'true'],
        ['Type', 'collector', 'true'],
        ['Type', 'standard', 'false'],
        ['Status', 'processing', 'true'],
        ['Status', 'active', 'false'],
        ['Energy', 'high', 'true'],
        ['Failing', 'failing', 'false'],
      ] as const) {
        await expect(toggle(page, group, value)).toHaveAttribute('aria-pressed', pressed)
      }
      expect(await page.evaluate(() => ({ ...window.__vposSwarm!.explore.filter }))).toEqual({
        types: 0b110,
        statuses: 0b100,
        modes: 0,
        energy: 0b1000,
        failing: false,
      })
      await expectLegendMatchesSwarm(page)
    })
  })
}

test.describe('the filter in the URL: bad values', () => {
  test.use(DESKTOP)

  test('unknown names are ignored with one console note, never a blank page', async ({ page }) => {
    const notes: string[] = []
    page.on('console', (m) => {
      if (m.text().startsWith('[view]')) notes.push(m.text())
    })
    await open(
      page,
      '/?boot=0&seed=11&paused=1&feed=sim&e2e=1&type=analyzer,robot&status=%3Cb%3E&failing=maybe',
    )
    await expect(toggle(page, 'Type', 'analyzer')).toHaveAttribute('aria-pressed', 'true')
    await expect(toggle(page, 'Status', 'active')).toHaveAttribute('aria-pressed', 'false')
    await expect(toggle(page, 'Failing', 'failing')).toHaveAttribute('aria-pressed', 'false')
    await expect.poll(() => notes.length).toBe(1)
    expect(notes[0]).toContain('robot')
    expect(notes[0]).toContain('?failing=maybe')
    // the URL is written back without what was ignored
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('analyzer')
    expect(new URL(page.url()).searchParams.get('status')).toBeNull()
  })
})
