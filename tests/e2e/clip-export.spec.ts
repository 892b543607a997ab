/**
 * Clip export (issue 33, item 4; ARCHITECTURE.md "Clip export"): from a local replay, a 2 s range at
 * 30 fps is rendered frame by frame, encoded and downloaded as a WebM; the file is read back with
 * mediabunny's demuxer (frames, size, codec, length). Cancel mid-way saves nothing and leaves the
 * page working; a browser without WebCodecs' VideoEncoder gets the clear message. Headless Chromium
 * (SwiftShader) has VideoEncoder with VP9 and VP8, so the export runs for real here. The export
 * and Cancel run on the local sim and, in the live-feed project, on snapshots of the live swarm
 * (whose feed keeps arriving behind the export). In the live-feed project the live history is
 * exported too: scrubbed back on the timeline, a 2 s clip from its Export clip button.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny'
import { feedSource, open, sourceLabel } from './swarmFixtures'

// a 960×540 canvas: software VP9 on this machine's two shared cores takes ~0.1 s a frame at 720p
test.use({ viewport: { width: 960, height: 540 }, timezoneId: 'UTC' })

const canvas = (page: Page) => page.locator('[data-testid="scene-slot"] canvas')

/**
 * Takes `n` snapshots, replays them from the first, pauses and opens the export dialog; `at` is
 * what the replay read then.
 */
async function openExportDialog(page: Page, n: number) {
  await open(page)
  await expect(page.locator('html')).toHaveAttribute('data-scene-ready', '1', { timeout: 30_000 })
  const panel = page.getByRole('region', { name: 'Snapshots' })
  for (let i = 0; i < n; i++) await panel.getByRole('button', { name: 'Take snapshot' }).click()
  await panel.getByRole('button', { name: 'Replay from Snapshot 1' }).click()
  const replay = panel.getByRole('group', { name: 'Replay controls' })
  await replay.getByRole('button', { name: 'Pause replay' }).click()
  await expect(replay).toContainText('PAUSED')
  const at = (await replay.innerText()).split('\n')[0]!
  await expectLaidOut(replay.getByRole('button'), (await replay.boundingBox())!)
  await replay.getByRole('button', { name: 'Export clip' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export clip' })
  await expect(dialog).toBeVisible()
  return { dialog, replay, at }
}

/** The scene still draws on its own: a zoom step changes the canvas. */
async function expectLiveScene(page: Page) {
  const before = await canvas(page).screenshot()
  await page.getByRole('group', { name: 'Zoom' }).getByRole('button', { name: 'Zoom in' }).click()
  await expect.poll(async () => (await canvas(page).screenshot()).equals(before)).toBe(false)
}

/** Reads a WebM back: its container, first video track and every packet. */
async function readWebm(path: string) {
  const input = new Input({ source: new BufferSource(await readFile(path)), formats: ALL_FORMATS })
  const format = await input.getFormat()
  const track = await input.getPrimaryVideoTrack()
  if (!track) throw new Error('no video track')
  let frames = 0
  let keyFrames = 0
  for await (const packet of new EncodedPacketSink(track).packets()) {
    frames++
    if (packet.type === 'key') keyFrames++
  }
  return {
    mime: format.mimeType,
    codec: track.codec,
    width: track.codedWidth,
    height: track.codedHeight,
    duration: await input.computeDuration(),
    frames,
    keyFrames,
  }
}

test('exports a 2 s replay range at 30 fps as a WebM of 60 frames at the canvas size', async ({
  page,
}) => {
  // 60 frames of software WebGL and software VP9: ~25 s when other jobs share the two cores
  test.setTimeout(120_000)
  const { dialog, replay, at } = await openExportDialog(page, 3)
  // default: the whole replay (3 snapshots, one second each); the range is chosen as seconds
  await dialog.getByRole('spinbutton', { name: 'Start (s)' }).fill('0')
  await dialog.getByRole('spinbutton', { name: 'Start (s)' }).press('Enter')
  await expect(dialog.getByRole('spinbutton', { name: 'End (s)' })).toHaveValue('3')
  await dialog.getByRole('spinbutton', { name: 'Start (s)' }).fill('0.5')
  await dialog.getByRole('spinbutton', { name: 'End (s)' }).fill('2.5')
  await dialog.getByRole('spinbutton', { name: 'End (s)' }).press('Enter')
  await expect(dialog.getByRole('button', { name: '30 fps' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const size = await canvas(page).evaluate((c: HTMLCanvasElement) => ({
    width: c.width,
    height: c.height,
  }))
  expect(size).toEqual({ width: 960, height: 540 })
  await expect(dialog.getByTestId('clip-summary')).toHaveText('0:02.0 · 60 frames · 960×540 · VP9')

  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Export', exact: true }).click()
  await expect(dialog.getByRole('progressbar', { name: 'Clip progress' })).toBeVisible()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^vpos-clip-\d{8}-\d{6}\.webm$/)
  await expect(dialog.getByRole('status')).toContainText('Saved vpos-clip-')

  const webm = await readWebm(await download.path())
  expect(webm).toMatchObject({ mime: 'video/webm', codec: 'vp9', ...size })
  expect(webm.frames).toBe(60)
  expect(webm.keyFrames).toBeGreaterThanOrEqual(1)
  expect(webm.duration).toBeCloseTo(2, 1)

  // the live view comes back: the replay where it was, the scene drawing on its own again
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(replay).toContainText(at)
  await replay.getByRole('button', { name: 'Exit replay' }).click()
  await expect(page.getByRole('region', { name: 'System Status' })).toContainText(sourceLabel())
  await expectLiveScene(page)
})

test('Cancel mid-way saves nothing and leaves the page working', async ({ page }) => {
  const { dialog, replay, at } = await openExportDialog(page, 3)
  await dialog.getByRole('spinbutton', { name: 'Start (s)' }).fill('0')
  await dialog.getByRole('spinbutton', { name: 'Start (s)' }).press('Enter')
  let downloads = 0
  page.on('download', () => downloads++)
  await dialog.getByRole('button', { name: 'Export', exact: true }).click()
  await expect(dialog.getByRole('status')).toContainText(/Frame ([3-9]|[1-7]\d) of 90/)
  // keyboard: Tab reaches Cancel inside the dialog
  await dialog.getByRole('button', { name: 'Cancel' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('status')).toHaveText('Cancelled: no clip was saved.')
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeEnabled()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.waitForTimeout(500)
  expect(downloads).toBe(0)
  await expect(replay).toContainText(at)
  await replay.getByRole('slider', { name: 'Replay position' }).fill('0')
  await replay.getByRole('button', { name: 'Step forward' }).click()
  await expect(replay).toContainText('REPLAY 2 / 3 · PAUSED')
  await expectLiveScene(page)
})

test('a browser without a video encoder is told so', async ({ page }) => {
  test.skip(feedSource() === 'live', 'the same dialog whatever the source: run once')
  await page.addInitScript(() => {
    delete (window as { VideoEncoder?: unknown }).VideoEncoder
  })
  const { dialog } = await openExportDialog(page, 1)
  await expect(dialog.getByRole('alert')).toHaveText(
    'This browser cannot export video: it has no WebCodecs video encoder (VideoEncoder). ' +
      'A recent Chrome, Edge or Firefox can.',
  )
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled()
})

/** Boxes of `locator`'s matches: each inside `outer`, none over another. */
async function expectLaidOut(
  items: Locator,
  outer: { width: number; height: number; x?: number; y?: number },
) {
  const boxes = (
    await items.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect()
        return {
          name: e.textContent ?? '',
          left: r.left,
          top: r.top,
          right: r.right,
          bottom: r.bottom,
        }
      }),
    )
  ).filter((b) => b.right > b.left)
  expect(boxes.length).toBeGreaterThan(1)
  const x = outer.x ?? 0
  const y = outer.y ?? 0
  for (const [i, a] of boxes.entries()) {
    expect(a.left, a.name).toBeGreaterThanOrEqual(x - 0.5)
    expect(a.top, a.name).toBeGreaterThanOrEqual(y - 0.5)
    expect(a.right, a.name).toBeLessThanOrEqual(x + outer.width + 0.5)
    expect(a.bottom, a.name).toBeLessThanOrEqual(y + outer.height + 0.5)
    for (const b of boxes.slice(i + 1)) {
      const overlap =
        a.left < b.right - 0.5 &&
        b.left < a.right - 0.5 &&
        a.top < b.bottom - 0.5 &&
        b.top < a.bottom - 0.5
      expect(overlap, `${a.name} overlaps ${b.name}`).toBe(false)
    }
  }
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('Export clip is in the dock replay controls; the dialog fits and works by touch', async ({
    page,
  }) => {
    test.skip(feedSource() === 'live', 'the same layout whatever the source: run once')
    await open(page)
    await page.getByRole('tab', { name: 'Snapshots' }).tap()
    const panel = page.getByRole('region', { name: 'Snapshots' })
    await panel.getByRole('button', { name: 'Take snapshot' }).tap()
    await panel.getByRole('button', { name: 'Replay from Snapshot 1' }).tap()
    const replay = panel.getByRole('group', { name: 'Replay controls' })
    // one snapshot: the replay stops at once on its last
    await expect(replay).toContainText('REPLAY 1 / 1 · PAUSED')
    const box = (await replay.boundingBox())!
    await expectLaidOut(replay.getByRole('button'), box)
    await replay.getByRole('button', { name: 'Export clip' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Export clip' })
    await expect(dialog.getByTestId('clip-summary')).toContainText('30 frames')
    await expectLaidOut(dialog.locator('button, input, [role="progressbar"]'), page.viewportSize()!)
    await page.screenshot({ path: test.info().outputPath('phone-dialog.png') })
    await dialog.getByRole('button', { name: '24 fps' }).tap()
    await expect(dialog.getByTestId('clip-summary')).toContainText('24 frames')
    await dialog.getByRole('button', { name: 'Close' }).tap()
    await expect(dialog).toBeHidden()
    await expect(replay).toContainText('REPLAY 1 / 1 · PAUSED')
  })
})

test.describe('live history', () => {
  // the timeline's track is under the console at 960×540; a desktop of the same width as a laptop
  test.use({ viewport: { width: 1280, height: 800 } })

  test('exports 2 s of the live history from the timeline, scrubbed back', async ({ page }) => {
    test.skip(feedSource() !== 'live', 'the live history is the server feed’s')
    test.setTimeout(90_000)
    await page.goto('/?boot=0&feed=live&e2e=1')
    await expect(page.locator('html')).toHaveAttribute('data-scene-ready', '1', { timeout: 30_000 })
    // at least 6 s recorded: a 2 s clip ending ~3 s back fits
    await expect
      .poll(
        async () => {
          const r = (await (await page.request.get('/api/history')).json()) as {
            oldest: number | null
            newest: number | null
          }
          return r.oldest === null || r.newest === null ? 0 : r.newest - r.oldest
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(6_000)
    // scrub back ~3 s with the mouse on the track
    const timeline = page.getByRole('region', { name: 'Timeline' })
    const slider = timeline.getByRole('slider', { name: 'Moment of the live swarm' })
    const box = (await slider.boundingBox())!
    const min = Number(await slider.getAttribute('aria-valuemin'))
    const max = Number(await slider.getAttribute('aria-valuemax'))
    await page.mouse.click(
      box.x + ((Date.now() - 3_000 - min) / (max - min)) * box.width,
      box.y + 14,
    )
    await expect(slider).toHaveAttribute('aria-valuetext', /behind live$/)
    await expect(timeline.locator('[data-history-when]')).not.toContainText('LOADING')
    const when = await timeline.locator('[data-history-when]').innerText()

    // keyboard: the button is reached and pressed with Enter
    await timeline.getByRole('button', { name: 'Export clip' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Export clip' })
    await expect(dialog).toContainText('Live history')
    // the default range ends at the moment on screen; take 2 s before it. GOTCHA: the field shows
    // the end rounded to 0.1 s while the range holds it to the ms, and an end past the moment is
    // clamped to it: typed back 0.1 s earlier, both ends lie on the same grid (else 2 s less a few
    // ms made 59 frames).
    const endField = dialog.getByRole('spinbutton', { name: 'End (s)' })
    const end = Math.round(Number(await endField.inputValue()) * 10 - 1) / 10
    expect(end).toBeGreaterThanOrEqual(2)
    await endField.fill(end.toFixed(1))
    await endField.press('Enter')
    const start = dialog.getByRole('spinbutton', { name: 'Start (s)' })
    await start.fill((Math.round((end - 2) * 10) / 10).toFixed(1))
    await start.press('Enter')
    // a 1280×800 canvas: the video is scaled to fit 720p, even sides
    expect(await canvas(page).evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([
      1280, 800,
    ])
    const size = { width: 1152, height: 720 }
    await expect(dialog.getByTestId('clip-summary')).toHaveText(
      '0:02.0 · 60 frames · 1152×720 · VP9',
    )
    const downloading = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Export', exact: true }).click()
    const download = await downloading
    await expect(dialog.getByRole('status')).toContainText('Saved vpos-clip-')
    const webm = await readWebm(await download.path())
    expect(webm).toMatchObject({ mime: 'video/webm', codec: 'vp9', ...size, frames: 60 })
    expect(webm.duration).toBeCloseTo(2, 1)

    // the moment comes back as it was, still behind live
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(timeline.locator('[data-history-when]')).toContainText(
      `${when.split(' · ')[0]} · −`,
    )
    await timeline.getByRole('button', { name: 'Go live' }).click()
    await expect(timeline.locator('[data-history-when]')).toHaveText('LIVE')
  })
})
