/**
 * Font preload (issue 36): the page's text is set in JetBrains Mono, whose woff2 files the browser
 * would only discover once the stylesheet is parsed — a request chain (HTML → CSS → font) on the
 * critical path of every route. This plugin adds `<link rel="preload" as="font">` to index.html
 * for the two faces the first screen uses (Latin, 400 and 600), so the fonts load beside the CSS.
 * The @font-face rules keep `font-display: swap`: the text shows in a fallback face until then.
 * Other subsets (Cyrillic, Greek, …) load only when a page shows such characters.
 */
import type { Plugin } from 'vite'

/** The faces the first screen of every route uses. */
const FIRST_SCREEN = /(^|\/)jetbrains-mono-latin-(400|600)-normal-[\w-]+\.woff2$/

/** The hashed file names of the first screen's fonts among a build's output files. */
export function firstScreenFonts(fileNames: readonly string[]): string[] {
  return fileNames.filter((f) => FIRST_SCREEN.test(f)).sort()
}

export function preloadFonts(): Plugin {
  return {
    name: 'vpos-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = firstScreenFonts(Object.keys(ctx.bundle ?? {}))
        return fonts.map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${f}`, crossorigin: '' },
          injectTo: 'head' as const,
        }))
      },
    },
  }
}
