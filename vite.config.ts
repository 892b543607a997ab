import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { precompress } from './scripts/precompress.ts'
import { preloadFonts } from './scripts/preloadFonts.ts'
import { routePreloadsPlugin } from './scripts/routePreloads.ts'
import { threeCatalogue } from './scripts/threeCatalogue.ts'

/**
 * Fewer, larger chunks on every route's first load (docs/ARCHITECTURE.md, "Chunks on the first
 * load"). Over HTTP/1.1 the browser — and Lighthouse's model of a phone on slow 4G — fetches six
 * files at a time, each costing a round trip, so twenty 1–2 KB chunks cost more than their bytes.
 * `shell`: everything the entry imports statically goes into the entry chunk itself (left to
 * itself rolldown split React, valtio and the sim's constants into five chunks of their own, since
 * lazy chunks share them). `ui`: the design system's small components that two or more pages use,
 * in one chunk; the Radix-based ones (Modal, Drawer, Tabs, Toaster) stay out, as they load after
 * the first screen and would pull Radix into every page.
 */
const CHUNK_GROUPS = [
  { name: 'shell', tags: ['$initial' as const], priority: 2 },
  {
    name: 'ui',
    test: /[\\/]src[\\/](ui[\\/](?!(Modal|Drawer|Tabs|Toaster)\.)|sim[\\/]digest\.|contracts[\\/](address|apiPaths)\.)/,
    minShareCount: 2,
    priority: 1,
  },
  // three.js apart from the scene's own code: a module is compiled in the task its response
  // arrives in, and the scene's one 766 KB chunk was a 25-37 ms task before its evaluation
  // (docs/ARCHITECTURE.md, "Chunks on the first load")
  {
    name: 'three',
    test: /[\\/](node_modules[\\/]three[\\/]|src[\\/]scene[\\/]threeCatalogue\.)/,
    priority: 1,
  },
]

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 5001}`

export default defineConfig({
  // precompress: a .br and a .gz beside every text asset, served by server/plugins/static.plugin.ts
  // preloadFonts: the first screen's two font files are preloaded by index.html; routePreloads:
  // each route's page chunks, which the server adds to the HTML it sends for that route;
  // threeCatalogue: three.js tree-shaken under react-three-fiber's Canvas (scripts/threeCatalogue.ts)
  plugins: [
    react(),
    threeCatalogue(import.meta.dirname),
    preloadFonts(),
    routePreloadsPlugin(import.meta.dirname),
    precompress(),
  ],
  // CSP: tags get this placeholder nonce (plus a <meta property="csp-nonce"> that styled-components
  // reads); the server swaps in a fresh nonce per index.html response (server/plugins/security.plugin.ts).
  html: { cspNonce: 'VPOS_CSP_NONCE' },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // Fonts stay files: Vite inlined the small Cyrillic-ext and Vietnamese faces (woff2 and woff)
    // into the stylesheet as base64, 19.5 of its 22 KB, so every route's render-blocking CSS
    // carried faces a page loads only when it shows such characters (docs/PERFORMANCE.md).
    assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    reportCompressedSize: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    // `npm run dev`: Vite serves the client with HMR and proxies the API, /ws and SSE to the
    // Fastify process (restarted by tsx watch), so the browser sees one origin.
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    // the same cross-origin isolation as the server (SharedArrayBuffer for the sim worker)
    headers: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    },
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Storage suites share the machine's PostgreSQL database; run files one at a time.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
})
