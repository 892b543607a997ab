// `npm test`: typecheck, lint, dead-code scan (knip), unit + server tests (vitest), then the browser tests (Playwright on
// the system Chromium, against a fresh production build). Prints one closing tally for all of them.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const reports = '.reports'
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  // Dead code: unused files, exports, types and dependencies (knip.json lists the entry points).
  ['dead-code', 'npx', ['knip', '--no-progress']],
  [
    'unit+server',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/vitest.json`,
    ],
  ],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['browser', 'npx', ['playwright', 'test']],
]

const failedSteps = []
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (r.status !== 0) {
    failedSteps.push(name)
    // Later steps depend on earlier ones only for chromium/build; keep going otherwise so one run
    // reports every failure.
    if (name === 'chromium' || name === 'build') break
  }
}

const tally = { passed: 0, failed: 0, skipped: 0 }
if (existsSync(`${reports}/vitest.json`)) {
  const v = JSON.parse(readFileSync(`${reports}/vitest.json`, 'utf8'))
  tally.passed += v.numPassedTests ?? 0
  tally.failed += v.numFailedTests ?? 0
  tally.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0)
}
if (existsSync(`${reports}/e2e.json`)) {
  const p = JSON.parse(readFileSync(`${reports}/e2e.json`, 'utf8'))
  tally.passed += p.stats?.expected ?? 0
  tally.failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0)
  tally.skipped += p.stats?.skipped ?? 0
}
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`)
console.log(`\ntests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`)
process.exit(failedSteps.length ? 1 : 0)
