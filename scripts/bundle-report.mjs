// Prints the gzip size of the JavaScript each dashboard route needs before its first paint: the entry
// chunk plus the route's page chunk and their static imports (lazy chunks excluded) — and checks that
// three.js is not among them. `node scripts/bundle-report.mjs src/pages/chat/Page.tsx` reports one
// route with its chunks. CLIENT_DIR picks the build (default dist/client). It prints figures only.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const dir = process.env.CLIENT_DIR ?? 'dist/client'
const TARGET_KB = 170
const DASHBOARDS = ['analytics', 'database', 'compute', 'diagnostics', 'terminal', 'token'].map(
  (p) => `src/pages/${p}/Page.tsx`,
)
let manifest
try {
  manifest = JSON.parse(readFileSync(`${dir}/.vite/manifest.json`, 'utf8'))
} catch {
  console.error(`No build manifest in ${dir}: run \`npm run build\` first.`)
  process.exit(1)
}

function closure(keys, seen = new Set()) {
  for (const k of keys) {
    if (seen.has(k) || !manifest[k]) continue
    seen.add(k)
    closure(manifest[k].imports ?? [], seen)
  }
  return seen
}

function measure(route, verbose) {
  if (!manifest[route]) {
    console.error(`${route} is not a chunk of this build`)
    process.exit(1)
  }
  let raw = 0
  let gz = 0
  let hasThree = false
  for (const k of closure(['index.html', route])) {
    const file = manifest[k].file
    const buf = readFileSync(`${dir}/${file}`)
    raw += buf.length
    gz += gzipSync(buf, { level: 9 }).length
    if (buf.includes('WebGLRenderer')) hasThree = true
    if (verbose)
      console.log(`  ${file.padEnd(48)} ${(buf.length / 1024).toFixed(1).padStart(8)} KB`)
  }
  return { raw: raw / 1024, gz: gz / 1024, hasThree }
}

const routes = process.argv[2] ? [process.argv[2]] : DASHBOARDS
let worst = 0
for (const route of routes) {
  const { raw, gz, hasThree } = measure(route, routes.length === 1)
  worst = Math.max(worst, gz)
  console.log(
    `${route.padEnd(34)} ${raw.toFixed(1).padStart(7)} KB raw ${gz.toFixed(1).padStart(7)} KB gzip` +
      `   three.js: ${hasThree ? 'YES' : 'no'}`,
  )
}
console.log(`first-paint JS, largest: ${worst.toFixed(1)} KB gzip (target ≤ ${TARGET_KB} KB gzip)`)
