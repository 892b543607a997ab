import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { isSolanaAddress } from '../../src/contracts/address'
import { API_PREFIX, apiPaths } from '../../src/contracts/apiPaths'
import { CHAIN_META, TOKEN_MINT_META } from '../../src/contracts/constants'
import { routePreloader } from '../http/route-preload'
import { CSP_NONCE_PLACEHOLDER } from './security.plugin'

const HASHED_ASSET = /^\/assets\//
/** The build's compressed siblings (scripts/precompress.ts): sent in their file's place, never by name. */
const PRECOMPRESSED = /\.(br|gz)$/
/** A path into a dot folder of the build (.vite/manifest.json): the build's notes, not the site. */
const BUILD_NOTES = /(^|\/)\./
/** The server's own paths: a miss under them is a JSON 404, never the client's index.html. */
const SERVER_PATHS = [API_PREFIX, apiPaths.feed.pattern]
const notSpa = (url: string) => SERVER_PATHS.some((p) => url === p || url.startsWith(`${p}/`))

/** A `<meta name content>` added to the page's head (the content checked by the caller). */
const withMeta = (html: string, name: string, content: string): string =>
  html.replace('</head>', `<meta name="${name}" content="${content}">\n  </head>`)

/**
 * What the server already knows, in every page's HTML (docs/ARCHITECTURE.md, "What the server
 * already knows"):
 * - the token's contract address (`<meta name="vpos-token-mint">`): Token Info shows it in its
 *   first render instead of after the market answer, which carries it too (it is the page's
 *   largest text). Left out if it is no Solana address;
 * - the chain it runs on (`<meta name="vpos-chain">`, GET /api/auth/config's `chain`): the wallet
 *   screens offer the demo wallet in their first render, without that request and the schema's
 *   chunk it loads (they were on the first paint's path). Only the two known kinds are written.
 */
function withServerFacts(html: string, mint: string, chain: string): string {
  let page = html
  if (isSolanaAddress(mint)) page = withMeta(page, TOKEN_MINT_META, mint)
  if (chain === 'demo' || chain === 'rpc') page = withMeta(page, CHAIN_META, chain)
  return page
}

/**
 * Serves the built client. Hashed assets get a year of immutable cache; index.html is revalidated.
 * Every other GET that is not /api or /ws falls back to index.html so the client router decides
 * (and shows its own 404 screen).
 *
 * A client that accepts brotli or gzip gets the build's `.br` / `.gz` sibling of a file
 * (`preCompressed`: br first, then gzip, then the file itself; q=0 honoured), with the file's own
 * Content-Type and cache headers, `Content-Encoding`, `Vary: Accept-Encoding` and the sibling's own
 * length and ETag. index.html is not among them: it carries a per-response nonce, so the
 * compression plugin compresses it on the fly.
 */
export async function staticPlugin(app: FastifyInstance, opts: { clientDir: string }) {
  const root = resolve(opts.clientDir)
  const index = resolve(root, 'index.html')
  if (!existsSync(index)) {
    app.log.warn(`No built client at ${root}: run \`npm run build\` (API only until then).`)
    return
  }
  // index.html carries Vite's placeholder nonce on its tags and csp-nonce meta: each response gets
  // the request's own CSP nonce instead (security.plugin), so no style or script needs 'unsafe-inline'.
  // Each route's HTML also names its own page chunks (server/http/route-preload.ts).
  const indexHtml = withServerFacts(
    readFileSync(index, 'utf8'),
    app.config.TOKEN_MINT,
    app.chain.kind,
  )
  const forRoute = routePreloader(root, CSP_NONCE_PLACEHOLDER)
  const sendIndex = (req: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(forRoute(indexHtml, req.url).replaceAll(CSP_NONCE_PLACEHOLDER, req.cspNonce))
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // One route per served file: not the siblings (sent in their file's place) nor index.html
    // (sendIndex, with the request's nonce; served as a raw file it would carry the placeholder).
    // Nor the build's own notes (.vite/: the manifest, the route preloads): never served.
    globIgnore: ['**/*.br', '**/*.gz', 'index.html', '.vite/**'],
    setHeaders(res, path) {
      if (HASHED_ASSET.test(path.slice(root.length).replaceAll('\\', '/'))) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable')
      } else {
        res.header('Cache-Control', 'no-cache')
      }
    },
  })
  app.get('/', sendIndex)
  app.get('/*', (req, reply) => {
    const path = (req.params as { '*': string })['*']
    const file = resolve(root, path)
    if (file === index) return sendIndex(req, reply)
    if (BUILD_NOTES.test(path)) return reply.code(404).send({ error: 'Not Found' })
    if (
      file.startsWith(root + '/') &&
      existsSync(file) &&
      !file.endsWith('/') &&
      !PRECOMPRESSED.test(file)
    ) {
      return reply.sendFile(path)
    }
    if (notSpa(req.url)) return reply.code(404).send({ error: 'Not Found' })
    return sendIndex(req, reply)
  })
}
