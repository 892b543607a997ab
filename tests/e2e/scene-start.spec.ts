/**
 * Issue 30, item 2: a fresh load never freezes while the background scene starts. On software
 * WebGL every question a WebGL context asks waits for the GPU process on the page's main thread,
 * so the scene's start-up is ordered and sliced (docs/ARCHITECTURE.md, "The scene never blocks a
 * page"); these tests check that order, not timings (bench:load-page prints those):
 *
 * - the route's own text shows before the scene creates its context, and the software-WebGL
 *   switch (no blurs, no sweeping decorations) is on before it does;
 * - the scene's programs are linked one per task, never several in one (three.js links them all
 *   inside its first frame: ~100 ms each there);
 * - the scene still starts: a WebGL2 context exists and frames are drawn.
 */
import { expect, test, type Page } from '@playwright/test'
import { PHONE } from './swarmFixtures'

const TABLET = { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true }

/** Installed before the app: what the scene asked of WebGL, and when the route's heading showed. */
const PROBE = () => {
  const log = {
    headingAt: NaN,
    contextAt: NaN,
    softwareGlAtContext: false,
    /** the most programs whose link status was read within one task */
    linksInOneTask: 0,
    links: 0,
  }
  ;(window as unknown as { __sceneStart: typeof log }).__sceneStart = log
  const getContext = HTMLCanvasElement.prototype.getContext
  HTMLCanvasElement.prototype.getContext = function (
    this: HTMLCanvasElement,
    ...args: Parameters<typeof getContext>
  ) {
    if (
      args[0] === 'webgl2' &&
      this.closest('[data-testid=swarm-canvas]') &&
      isNaN(log.contextAt)
    ) {
      log.contextAt = performance.now()
      log.softwareGlAtContext = document.documentElement.dataset.softwareGl === '1'
    }
    return getContext.apply(this, args)
  } as typeof getContext
  const getProgramParameter = WebGL2RenderingContext.prototype.getProgramParameter
  let batch = 0
  WebGL2RenderingContext.prototype.getProgramParameter = function (
    this: WebGL2RenderingContext,
    program: WebGLProgram,
    pname: GLenum,
  ) {
    if (pname === this.LINK_STATUS) {
      log.links++
      // a microtask runs when the current task's script is done: the batch is one task's links
      if (batch === 0) queueMicrotask(() => (batch = 0))
      batch++
      log.linksInOneTask = Math.max(log.linksInOneTask, batch)
    }
    return getProgramParameter.call(this, program, pname) as unknown
  }
  new MutationObserver(() => {
    const h1 = document.querySelector('main h1')
    if (isNaN(log.headingAt) && h1?.textContent?.trim()) log.headingAt = performance.now()
  }).observe(document, { childList: true, subtree: true, characterData: true })
}

async function freshLoad(page: Page, url: string) {
  await page.addInitScript(PROBE)
  await page.goto(url)
  await expect(page.locator('main h1').first()).toBeVisible()
  await page.waitForFunction(() => document.documentElement.dataset.sceneReady === '1', null, {
    timeout: 30_000,
  })
  await expect(page.getByTestId('swarm-canvas')).toHaveAttribute('data-webgl', 'webgl2')
  return page.evaluate(
    () =>
      (
        window as unknown as {
          __sceneStart: {
            headingAt: number
            contextAt: number
            softwareGlAtContext: boolean
            linksInOneTask: number
            links: number
          }
        }
      ).__sceneStart,
  )
}

for (const [feed, query] of [
  ['live', ''],
  ['sim', '&feed=sim'],
] as const) {
  test.describe(`a fresh load starts the scene without blocking the page (${feed})`, () => {
    for (const route of ['/diagnostics', '/', '/blinks']) {
      test(`${route}: text first, the software switch before the context, one program link per task`, async ({
        page,
      }) => {
        const log = await freshLoad(page, `${route}?boot=0${query}`)
        expect(log.headingAt).toBeLessThan(log.contextAt)
        expect(log.softwareGlAtContext).toBe(true)
        expect(log.links).toBeGreaterThanOrEqual(3)
        expect(log.linksInOneTask).toBe(1)
      })
    }

    test('Diagnostics: the loader shows, then the components, while the scene starts', async ({
      page,
    }) => {
      await page.goto(`/diagnostics?boot=0${query}`)
      await expect(page.getByText('Loading component status...')).toBeVisible()
      await expect(page.getByText('Loading component status...')).toHaveCount(0)
      await expect(page.locator('main')).toContainText(/Operational|Degraded|Failed/i)
    })
  })
}

for (const [size, device] of [
  ['phone', PHONE],
  ['tablet', TABLET],
] as const) {
  test(`${size}: /diagnostics and Swarm Core start the scene the same way (live feed)`, async ({
    browser,
  }) => {
    const context = await browser.newContext(device)
    try {
      for (const route of ['/diagnostics', '/']) {
        const log = await freshLoad(await context.newPage(), `${route}?boot=0`)
        expect(log.headingAt).toBeLessThan(log.contextAt)
        expect(log.softwareGlAtContext).toBe(true)
        expect(log.linksInOneTask).toBe(1)
      }
    } finally {
      await context.close()
    }
  })
}

test('on software WebGL the teaser sweep stands still (it kept the GPU process busy)', async ({
  page,
}) => {
  await page.goto('/blinks?boot=0&feed=sim')
  await page.waitForFunction(() => document.documentElement.dataset.softwareGl === '1')
  const animation = await page
    .locator('main h2')
    .first()
    .evaluate((h2) => {
      let frame: Element | null = h2
      while (frame && getComputedStyle(frame, '::before').content === 'none')
        frame = frame.parentElement
      return frame ? getComputedStyle(frame, '::before').animationName : 'no sweep found'
    })
  expect(animation).toBe('none')
})
