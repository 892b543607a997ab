/**
 * Build-time compression of the client (issue 36): after `vite build`, every text asset over
 * MIN_BYTES gets a brotli (quality 11) and a gzip (level 9) sibling, `x.js.br` and `x.js.gz`, kept
 * only where it is smaller than the file. The server sends them to clients that accept them
 * (`preCompressed` in server/plugins/static.plugin.ts), so no asset is compressed per request.
 *
 * Not compressed: index.html (the server writes a fresh CSP nonce into it per response, so it is
 * compressed on the fly: server/plugins/compression.plugin.ts), dot folders (`.vite/manifest.json`
 * is never served), and binary formats that are compressed already (woff2, png).
 */
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Logger, Plugin } from 'vite'

/** Below this a compressed answer saves less than a packet. */
const MIN_BYTES = 1024
const TEXT = /\.(js|mjs|css|html|svg|json|glsl|txt|webmanifest|wasm|map)$/

/** One file's outcome: its raw size and the siblings written (bytes), absent where not smaller. */
export interface Precompressed {
  file: string
  raw: number
  br?: number
  gz?: number
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (entry.isFile()) yield path
  }
}

/** The text files of `dir` that are worth compressing, relative to it. */
function candidates(dir: string): string[] {
  return [...files(dir)]
    .map((p) => relative(dir, p).replaceAll('\\', '/'))
    .filter((f) => f !== 'index.html' && TEXT.test(f))
}

/**
 * Writes `.br` and `.gz` beside each text asset of a built client (over MIN_BYTES, kept only where
 * smaller) and returns what it wrote.
 */
export function precompressDir(dir: string): Precompressed[] {
  const out: Precompressed[] = []
  for (const file of candidates(dir)) {
    const path = join(dir, file)
    const body = readFileSync(path)
    if (body.length < MIN_BYTES) continue
    const result: Precompressed = { file, raw: body.length }
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    })
    const gz = gzipSync(body, { level: 9 })
    // GOTCHA: the static server's ETag is W/"size-mtime"; a .br and a .gz of one file written in
    // the same millisecond with the same size would share it. Their mtimes are the source's plus
    // 1 and 2 ms, so each encoding of a file has its own ETag, and a rebuild of an unchanged file
    // keeps it.
    // (Whole milliseconds: Node rounds a file's mtime to the nearest one for `stat.mtime`.)
    const mtime = statSync(path).mtime.getTime()
    const at = (ms: number) => (mtime + ms) / 1000
    if (br.length < body.length) {
      writeFileSync(`${path}.br`, br)
      utimesSync(`${path}.br`, at(1), at(1))
      result.br = br.length
    }
    if (gz.length < body.length) {
      writeFileSync(`${path}.gz`, gz)
      utimesSync(`${path}.gz`, at(2), at(2))
      result.gz = gz.length
    }
    out.push(result)
  }
  return out
}

/** The Vite plugin: precompresses the build's output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = ''
  let logger: Logger | undefined
  return {
    name: 'vpos:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      logger = config.logger
    },
    closeBundle() {
      const done = precompressDir(outDir)
      const raw = done.reduce((s, f) => s + f.raw, 0)
      const br = done.reduce((s, f) => s + (f.br ?? f.raw), 0)
      logger?.info(
        `precompressed ${done.length} text assets: ${(raw / 1024).toFixed(0)} KB → ` +
          `${(br / 1024).toFixed(0)} KB brotli`,
      )
    },
  }
}
