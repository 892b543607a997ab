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
// Every failed test by name, with the first line of its error, printed last: CI keeps only the
// tail of this output, where the reporters' own failure lists have long scrolled away.
const failures = []
const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- the reporters' ANSI colour codes
    .replace(/\x1b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 240)
if (existsSync(`${reports}/vitest.json`)) {
  const v = JSON.parse(readFileSync(`${reports}/vitest.json`, 'utf8'))
  tally.passed += v.numPassedTests ?? 0
  tally.failed += v.numFailedTests ?? 0
  tally.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0)
  for (const file of v.testResults ?? []) {
    const path = String(file.name).replace(`${process.cwd()}/`, '')
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed')
    for (const a of failed)
      failures.push(`${path} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`)
    // a file that failed outside its tests (an import, a hook) has no failed test to show it
    if (file.status === 'failed' && !failed.length)
      failures.push(`${path}: ${firstLine(file.message)}`)
  }
}
if (existsSync(`${reports}/e2e.json`)) {
  const p = JSON.parse(readFileSync(`${reports}/e2e.json`, 'utf8'))
  tally.passed += p.stats?.expected ?? 0
  tally.failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0)
  tally.skipped += p.stats?.skipped ?? 0
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue
        const error = t.results?.find((r) => r.error)?.error?.message
        failures.push(
          `[${t.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`,
        )
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
  }
  for (const suite of p.suites ?? []) walk(suite, [])
  for (const e of p.errors ?? []) failures.push(`playwright: ${firstLine(e.message)}`)
}
if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`)
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`)
console.log(`\ntests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`)
process.exit(failedSteps.length ? 1 : 0)
