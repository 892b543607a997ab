/**
 * `npm run bundle:report`: the bytes each route costs on the wire before its first text (issue
 * 36), as the real server sends them to a browser that says `Accept-Encoding: br, gzip`.
 *
 * It builds the client into its own folder (or, with `--no-build`, serves CLIENT_DIR, default
 * dist/client, as it is), starts server/main.ts on a free port, and for each route of
 * src/app/routes.tsx fetches what a browser must have before the route's heading can show:
 *
 * 1. the route's HTML (the SPA page: index.html, compressed on the fly);
 * 2. what that HTML references: the entry script, its `modulepreload` links and its stylesheet;
 * 3. the route's lazy page chunk and its static imports, with their CSS, from the Vite manifest
 *    (`build.manifest`: each chunk's `imports`), which is the graph the browser walks: React
 *    renders the page only once `import()` of the chunk resolved, and the chunk resolves only
 *    once its static imports did.
 *
 * Left out, because the first text does not wait for them: dynamic imports (the 3D scene, the
 * snapshot file, the nav drawer), the sim worker, API calls, and the fonts (`font-display: swap`:
 * the text shows in a fallback face while JetBrains Mono loads; the woff2 files are compressed
 * already). The favicon is fetched by the browser but not waited for.
 *
 * Every figure is a byte count the server sent: wire = the body bytes received (checked against
 * its Content-Length), raw = that body decoded. `node … bench/bundle-report.ts /analytics` lists
 * one route file by file. It prints figures; it does not pass or fail.
 */
import type { ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { routePages } from '../scripts/routePreloads'
import { buildClient, serveClient } from './lib/render-server'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const ACCEPT = 'br, gzip'
/** the first-paint JavaScript budget of a dashboard route (README, Performance): gzip computed
 * by the old report then, the bytes sent now */
const TARGET_JS_KB = 170
/** the routes that budget is for (the wallet screens validate on render: zod loads with them) */
const DASHBOARDS = ['/analytics', '/database', '/compute', '/diagnostics', '/terminal', '/token']

interface Manifest {
  [key: string]: { file: string; imports?: string[]; css?: string[] }
}

interface Fetched {
  url: string
  /** body bytes received, as sent */
  wire: number
  /** the body decoded */
  raw: number
  encoding: string
  body: Buffer
}

/** Each route's path and the source file of its lazy page (the manifest's key for its chunk). */
function routesOf(): { path: string; page: string }[] {
  const source = readFileSync(join(ROOT, 'src/app/routes.tsx'), 'utf8')
  // the build's own reading of the table (scripts/routePreloads.ts), so the two cannot drift apart
  const found = routePages(source, join(ROOT, 'src/app'))
  if (found.length === 0) throw new Error('no routes found in src/app/routes.tsx')
  return found.map(({ path, module }) => ({ path, page: relative(ROOT, module) }))
}

function get(port: number, url: string): Promise<Fetched> {
  return new Promise((done, fail) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: url,
      headers: { 'accept-encoding': ACCEPT },
    })
    req.on('error', fail)
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', fail)
      res.on('end', () => {
        const wire = Buffer.concat(chunks)
        const length = Number(res.headers['content-length'])
        if (res.statusCode !== 200) return fail(new Error(`${url}: HTTP ${res.statusCode}`))
        if (length !== wire.length) return fail(new Error(`${url}: ${wire.length} ≠ ${length}`))
        const encoding = res.headers['content-encoding'] ?? 'identity'
        const body =
          encoding === 'br'
            ? brotliDecompressSync(wire)
            : encoding === 'gzip'
              ? gunzipSync(wire)
              : wire
        done({ url, wire: wire.length, raw: body.length, encoding, body })
      })
    })
    req.end()
  })
}

/** The URLs an HTML page makes the browser fetch before it runs: scripts, preloads, styles. */
function referencedBy(html: string): string[] {
  const urls: string[] = []
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isLink = tag.startsWith('<link')
    if (isLink && !/rel="(?:modulepreload|stylesheet)"/.test(tag)) continue
    const m = (isLink ? /\bhref="([^"]+)"/ : /\bsrc="([^"]+)"/).exec(tag)
    if (m) urls.push(m[1]!)
  }
  return urls
}

/** A chunk's file and CSS, and those of its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || seen.has(key)) return new Set()
  seen.add(key)
  const files = new Set([`/${chunk.file}`, ...(chunk.css ?? []).map((c) => `/${c}`)])
  for (const k of chunk.imports ?? [])
    for (const f of staticClosure(manifest, k, seen)) files.add(f)
  return files
}

const kb = (n: number) => (n / 1024).toFixed(1)

async function measure(port: number, manifest: Manifest, route: { path: string; page: string }) {
  if (!manifest[route.page]) throw new Error(`${route.page} is not a chunk of this build`)
  const html = await get(port, route.path)
  const urls = new Set([
    ...referencedBy(html.body.toString()),
    ...staticClosure(manifest, route.page),
  ])
  const assets = await Promise.all([...urls].map((u) => get(port, u)))
  return { html, assets }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => done(port))
    })
    s.on('error', fail)
  })
}

function printRoute(path: string, html: Fetched, assets: Fetched[]) {
  const all = [html, ...assets]
  const wire = all.reduce((s, f) => s + f.wire, 0)
  const raw = all.reduce((s, f) => s + f.raw, 0)
  const js = assets.filter((a) => a.url.endsWith('.js'))
  const jsWire = js.reduce((s, f) => s + f.wire, 0)
  const encodings = new Map<string, number>()
  for (const f of all) encodings.set(f.encoding, (encodings.get(f.encoding) ?? 0) + 1)
  const three = js.some((f) => f.body.includes('WebGLRenderer'))
  console.log(
    `${path.padEnd(13)} ${String(all.length).padStart(5)}  ${kb(html.wire).padStart(6)} / ` +
      `${kb(html.raw).padStart(5)}  ${kb(jsWire).padStart(8)}  ${kb(wire).padStart(8)}  ` +
      `${kb(raw).padStart(8)}  ${((wire / raw) * 100).toFixed(0).padStart(4)} %  ` +
      `${[...encodings]
        .map(([e, n]) => `${e} ×${n}`)
        .join(', ')
        .padEnd(14)} ${three ? 'YES' : 'no'}`,
  )
  return jsWire
}

async function main() {
  const args = process.argv.slice(2)
  const only = args.find((a) => a.startsWith('/'))
  let clientDir = resolve(process.env.CLIENT_DIR ?? join(ROOT, 'dist/client'))
  if (!args.includes('--no-build')) {
    clientDir = join(tmpdir(), 'vpos-bundle-report', 'client')
    await buildClient(ROOT, clientDir)
  }
  const manifestPath = join(clientDir, '.vite/manifest.json')
  if (!existsSync(manifestPath)) {
    console.error(
      `No build manifest in ${clientDir}: run \`npm run build\` first, or drop --no-build.`,
    )
    process.exit(1)
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const port = await freePort()
  const server: ChildProcess = await serveClient(clientDir, { root: ROOT, port })
  try {
    const routes = routesOf().filter((r) => !only || r.path === only)
    console.log(
      `bundle:report — ${clientDir}, served by server/main.ts, Accept-Encoding: ${ACCEPT}; ` +
        'KB = 1,024 bytes; wire = body bytes sent (Content-Length), raw = decoded',
    )
    console.log(
      'route         files  HTML wire/raw  JS wire  all wire   all raw  wire  encodings      three.js',
    )
    const js = new Map<string, number>()
    for (const route of routes) {
      const { html, assets } = await measure(port, manifest, route)
      js.set(route.path, printRoute(route.path, html, assets))
      if (only)
        for (const f of [html, ...assets])
          console.log(
            `  ${f.url.padEnd(56)} ${kb(f.wire).padStart(7)} KB ${f.encoding.padEnd(8)} ` +
              `${kb(f.raw).padStart(7)} KB raw`,
          )
    }
    const largest = (paths: string[]) =>
      paths.reduce((a, b) => ((js.get(b) ?? 0) > (js.get(a) ?? 0) ? b : a), paths[0] ?? '')
    const dashboard = largest(DASHBOARDS.filter((p) => js.has(p)))
    const any = largest([...js.keys()])
    if (dashboard)
      console.log(
        `first-text JavaScript on the wire, largest dashboard route: ${dashboard} ` +
          `${kb(js.get(dashboard)!)} KB (target ≤ ${TARGET_JS_KB} KB); of all routes: ${any} ` +
          `${kb(js.get(any)!)} KB`,
      )
  } finally {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM')
  }
}

await main()
