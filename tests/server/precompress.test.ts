/**
 * The build-time compressor (scripts/precompress.ts) and the on-the-fly negotiation
 * (server/http/accept-encoding.ts): pure cores, table tests.
 */
import { randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir, type Precompressed } from '../../scripts/precompress'
import { negotiateEncoding } from '../../server/http/accept-encoding'

const text = (n: number) =>
  Array.from({ length: n }, (_, i) => `const agent${i} = { tier: ${i % 4} }\n`).join('')

/** path in the build ⇒ its content and whether siblings are expected */
const FILES: [string, string | Buffer, boolean][] = [
  ['assets/index-abc.js', text(300), true],
  ['assets/style-abc.css', `.a{color:red}\n`.repeat(200), true],
  [
    'shaders/agents.vert.glsl',
    `// SHADER_NAME agents\n${'uniform float uTime;\n'.repeat(80)}`,
    true,
  ],
  ['favicon.svg', `<svg>${'<path d="M0 0L1 1"/>'.repeat(100)}</svg>`, true],
  ['manifest.webmanifest', JSON.stringify({ icons: Array(60).fill({ src: '/x.png' }) }), true],
  // the server rewrites its nonce per response: compressed on the fly instead
  ['index.html', `<!doctype html>${'<div></div>'.repeat(200)}`, false],
  // under 1 KB
  ['assets/tiny-abc.js', 'export const a = 1\n', false],
  // not text
  ['assets/font-abc.woff2', Buffer.alloc(4096, 7), false],
  // incompressible: a sibling would be larger
  ['assets/noise-abc.txt', randomBytes(4096), false],
  // a dot folder is never served
  ['.vite/manifest.json', JSON.stringify({ a: text(100) }), false],
]

let dir: string
let result: Precompressed[]

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vpos-precompress-'))
  for (const [file, body] of FILES) {
    mkdirSync(join(dir, file, '..'), { recursive: true })
    writeFileSync(join(dir, file), body)
  }
  result = precompressDir(dir)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('precompressDir', () => {
  it.each(FILES)('%s', (file, body, expected) => {
    const path = join(dir, file)
    expect(existsSync(`${path}.br`)).toBe(expected)
    expect(existsSync(`${path}.gz`)).toBe(expected)
    if (!expected) return
    const raw = Buffer.from(body)
    const br = readFileSync(`${path}.br`)
    const gz = readFileSync(`${path}.gz`)
    expect(brotliDecompressSync(br).equals(raw)).toBe(true)
    expect(gunzipSync(gz).equals(raw)).toBe(true)
    expect(br.length).toBeLessThan(raw.length)
    expect(gz.length).toBeLessThan(raw.length)
    expect(result.find((r) => r.file === file)).toEqual({
      file,
      raw: raw.length,
      br: br.length,
      gz: gz.length,
    })
  })

  it('gives each encoding of a file its own mtime (so its own ETag)', () => {
    const path = join(dir, 'assets/index-abc.js')
    // the static server's ETag takes whole milliseconds (W/"size-mtime")
    const times = [path, `${path}.br`, `${path}.gz`].map((p) => statSync(p).mtime.getTime())
    expect(times.slice(1).map((t) => t - times[0]!)).toEqual([1, 2])
  })

  it('reports the incompressible file it tried, with no sibling', () => {
    expect(result.find((r) => r.file === 'assets/noise-abc.txt')).toEqual({
      file: 'assets/noise-abc.txt',
      raw: 4096,
    })
  })

  it('is idempotent: a second run compresses the same files, never a sibling', () => {
    const again = precompressDir(dir)
    expect(again.map((r) => r.file).sort()).toEqual(result.map((r) => r.file).sort())
  })
})

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0, GZIP', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip, *;q=0', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['deflate', null],
    ['gzip;q=abc', 'gzip'],
  ] as const)('%s ⇒ %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected)
  })
})
