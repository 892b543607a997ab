/**
 * Route preloads (issue 36): a route's page is a lazy chunk that the browser would only request
 * once the entry script has run and React rendered the route — a chain HTML → entry → page chunk →
 * its imports on every first load. This plugin writes `.vite/route-preloads.json` beside the
 * build's manifest: for each route of src/app/routes.tsx, the page chunk, the chunks it imports
 * statically and their CSS that index.html does not already load, plus what its first screen
 * fetches on demand (src/app/firstScreen.ts). The server adds them to the HTML it sends for that
 * route as `<link rel="modulepreload">` / `<link rel="stylesheet">` / `<link rel="preload"
 * as="fetch">` (server/http/route-preload.ts), so they load beside the entry script.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin, Rollup } from 'vite'
import { FIRST_SCREEN, type FirstScreen } from '../src/app/firstScreen.ts'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json'

/** Each route's path and the absolute path of its page module, from the routes table's source. */
export function routePages(source: string, appDir: string): { path: string; module: string }[] {
  const found = [
    ...source.matchAll(/path: '([^']+)', Page: lazy(?:Page)?\(\(\) => import\('([^']+)'\)\)/g),
  ]
  return found.map(([, path, from]) => ({ path: path!, module: `${resolve(appDir, from!)}.tsx` }))
}

/** The files a chunk needs before it runs: itself, its static imports (transitively), their CSS. */
function closure(bundle: OutputBundle, start: OutputChunk): { js: string[]; css: string[] } {
  const js: string[] = []
  const css = new Set<string>()
  const walk = (chunk: OutputChunk) => {
    if (js.includes(chunk.fileName)) return
    js.push(chunk.fileName)
    chunk.viteMetadata?.importedCss.forEach((c) => css.add(c))
    for (const name of chunk.imports) {
      const next = bundle[name]
      if (next?.type === 'chunk') walk(next)
    }
  }
  walk(start)
  return { js, css: [...css] }
}

type RoutePreloads = Record<string, { js: string[]; css: string[]; data?: string[] }>

/**
 * What each route needs beyond what the entry chunk (index.html) already loads: its page chunk and
 * static imports, and (src/app/firstScreen.ts) the chunks of the modules its first screen imports
 * on demand with their imports, and the API answers it shows. `root` is the repository's root
 * (firstScreen's module names are relative to it).
 */
export function routePreloads(
  bundle: OutputBundle,
  pages: { path: string; module: string }[],
  firstScreen: Readonly<Record<string, FirstScreen>> = {},
  root = '/',
) {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk')
  const entry = chunks.find((c) => c.isEntry)
  const loaded = entry ? closure(bundle, entry) : { js: [], css: [] }
  const out: RoutePreloads = {}
  for (const { path, module } of pages) {
    const page = chunks.find((c) => c.facadeModuleId === module)
    if (!page) continue
    const extra = firstScreen[path]
    const starts = [page]
    for (const m of extra?.modules ?? []) {
      const id = resolve(root, m)
      const chunk = chunks.find((c) => c.facadeModuleId === id || c.moduleIds.includes(id))
      if (chunk) starts.push(chunk)
    }
    const js = new Set<string>()
    const css = new Set<string>()
    for (const start of starts) {
      const need = closure(bundle, start)
      need.js.filter((f) => !loaded.js.includes(f)).forEach((f) => js.add(`/${f}`))
      need.css.filter((f) => !loaded.css.includes(f)).forEach((f) => css.add(`/${f}`))
    }
    out[path] = {
      js: [...js],
      css: [...css],
      ...(extra?.data.length ? { data: [...extra.data] } : {}),
    }
  }
  return out
}

export function routePreloadsPlugin(root: string): Plugin {
  return {
    name: 'vpos-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      const appDir = resolve(root, 'src/app')
      const pages = routePages(readFileSync(resolve(appDir, 'routes.tsx'), 'utf8'), appDir)
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(routePreloads(bundle, pages, FIRST_SCREEN, root), null, 1),
      })
    },
  }
}
