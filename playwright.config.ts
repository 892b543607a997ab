import { defineConfig, devices } from '@playwright/test'
import { chromiumPath } from './scripts/chromium-path.mjs'

const port = Number(process.env.E2E_PORT ?? 5055)

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.02 } },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.reports/e2e.json' }]],
  snapshotPathTemplate: '{testDir}/__snapshots__/{testFilePath}/{arg}{ext}',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        // GOTCHA: WebGL stays on SwiftShader (every scene test asserts its context), but the
        // page's compositing runs in Skia's CPU raster instead of through SwiftShader's emulated
        // GL: on this project's 2-core machine the whole suite took 37.6 instead of 45.2 minutes,
        // every test passing, which kept .ci/run under its 45 minutes. The benches keep
        // Chromium's default path (what a visitor's headless Chromium does).
        '--disable-gpu-compositing',
        '--ignore-gpu-blocklist',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, metadata: { feed: 'sim' } },
    // Every main-view spec again on the server's live feed (swarmFixtures.ts onSource: `?feed=live`).
    {
      name: 'live-feed',
      use: { ...devices['Desktop Chrome'] },
      metadata: { feed: 'live' },
      testMatch:
        /(swarm|swarm-agent|swarm-sources|swarm-live-row|swarm-dock|swarm-select|find-agent|view-url|minimap|filter|clip-export|history)\.spec\.ts$/,
    },
  ],
  webServer: {
    command: `tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'warn',
      // Production refuses to start without a configured origin (sign-in domain, allowed Origins).
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    },
  },
})
