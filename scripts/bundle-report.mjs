// Prints the gzip size of the JavaScript a dashboard route needs before its first paint: the entry
// chunk plus the route's page chunk and their static imports — and checks three.js is not among them.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const dir = 'dist/client'
let manifest
try {
  manifest = JSON.parse(readFileSync(`${dir}/.vite/manifest.json`, 'utf8'))
} catch {
  console.error('No build manifest: run `npm run build` first.')
  process.exit(1)
}
const route = process.argv[2] ?? 'src/pages/analytics/Page.tsx'

function closure(keys, seen = new Set()) {
  for (const k of keys) {
    if (seen.has(k) || !manifest[k]) continue
    seen.add(k)
    closure(manifest[k].imports ?? [], seen)
  }
  return seen
}
const chunks = closure(['index.html', route])
let raw = 0
let gz = 0
let hasThree = false
for (const k of chunks) {
  const file = manifest[k].file
  const buf = readFileSync(`${dir}/${file}`)
  raw += buf.length
  gz += gzipSync(buf, { level: 9 }).length
  if (buf.includes('WebGLRenderer')) hasThree = true
  console.log(`  ${file.padEnd(48)} ${(buf.length / 1024).toFixed(1).padStart(8)} KB`)
}
console.log(
  `first-paint JS for ${route}: ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip (target ≤ 170 KB gzip)`,
)
console.log(`three.js in it: ${hasThree ? 'YES' : 'no'}`)
