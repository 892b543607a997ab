/**
 * The route's own chunks in the HTML (issue 36; docs/ARCHITECTURE.md, "Route preloads"): the build
 * lists, per route, the page chunk and what it imports, and what its first screen fetches on
 * demand (scripts/routePreloads.ts writes `.vite/route-preloads.json`); the HTML sent for a route
 * names them as `modulepreload`, stylesheet and `preload as="fetch"` links, so the browser fetches
 * them beside the entry script instead of after it ran.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'

const Preloads = z.record(
  z.string(),
  z.object({
    js: z.array(z.string()),
    css: z.array(z.string()),
    data: z.array(z.string()).optional(),
  }),
)

/** A safe asset path: what the build writes (/assets/name-hash.ext), nothing that could end a tag. */
const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/
/** A safe API path for a data preload: no query, nothing that could end an attribute. */
const API_GET = /^\/api(\/[\w.-]+)+$/

interface RouteLinks {
  match: RegExp
  tags: string
}

/** `/signin/:code?` → a pattern for /signin and /signin/<anything without a slash>. */
function routePattern(path: string): RegExp {
  const body = path
    .split('/')
    .map((part) =>
      part.startsWith(':')
        ? part.endsWith('?')
          ? '(?:/[^/]+)?'
          : '/[^/]+'
        : part && `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('')
  return new RegExp(`^${body || '/'}/?$`)
}

/** The tags for one route's files, each with `nonce` (the placeholder the server swaps per response). */
function tagsFor(files: { js: string[]; css: string[]; data?: string[] }, nonce: string): string {
  const js = files.js.filter((f) => ASSET.test(f))
  const css = files.css.filter((f) => ASSET.test(f))
  const data = (files.data ?? []).filter((f) => API_GET.test(f))
  return [
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="${f}" nonce="${nonce}">`),
    ...js.map((f) => `<link rel="modulepreload" crossorigin href="${f}" nonce="${nonce}">`),
    // the app's fetch sends credentials (src/api/http.ts): the preload must too, or it is not reused
    ...data.map(
      (f) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${f}" nonce="${nonce}">`,
    ),
  ].join('')
}

/**
 * From the built client at `root`: a function giving the HTML for a request path (the route's
 * links inserted before </head>), or the HTML unchanged where the build has no list or the path
 * is no route.
 */
export function routePreloader(
  root: string,
  nonce: string,
): (html: string, path: string) => string {
  const file = resolve(root, '.vite/route-preloads.json')
  if (!existsSync(file)) return (html) => html
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return (html) => html
  }
  const parsed = Preloads.safeParse(json)
  if (!parsed.success) return (html) => html
  const routes: RouteLinks[] = Object.entries(parsed.data).map(([path, files]) => ({
    match: routePattern(path),
    tags: tagsFor(files, nonce),
  }))
  const pages = new Map<RouteLinks, string>()
  return (html, path) => {
    const pathname = path.split('?')[0]!
    const route = routes.find((r) => r.match.test(pathname))
    if (!route) return html
    let page = pages.get(route)
    if (page === undefined) {
      page = html.replace('</head>', `${route.tags}</head>`)
      pages.set(route, page)
    }
    return page
  }
}
