/**
 * Prints chrome://gpu under each of bench:render's GPU flag sets: why a machine gave no hardware
 * WebGL. bench/gpu/device-run.sh runs it (bundled by pack.sh) when `BENCH_GPU=1` finds none; here
 * `npx tsx bench/gpu-info.ts`. CHROMIUM_PATH names the browser.
 */
import { chromium } from '@playwright/test'
import { chromiumPath } from '../scripts/chromium-path.mjs'
import { GPU_ARGS } from './lib/gpu-args'

for (const args of GPU_ARGS) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...args, '--enable-logging=stderr'],
  })
  const page = await browser.newPage()
  await page.goto('chrome://gpu')
  await page.waitForTimeout(1500)
  const text = await page.evaluate(() => {
    const root = document.querySelector('info-view')?.shadowRoot
    return (root?.querySelector<HTMLElement>('#content') ?? document.body).innerText
  })
  console.log(`##### ${args.join(' ')}\n${text.replace(/\n\s*\n+/g, '\n').slice(0, 6000)}`)
  await browser.close()
}
