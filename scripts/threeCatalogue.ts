/**
 * react-three-fiber's `<Canvas>` calls `extend(THREE)` on `import * as THREE from 'three'`: the
 * whole namespace escapes, so the bundler keeps all of three.js (~570 KB raw) in the scene's chunk,
 * and the browser parses and evaluates it before the scene's first frame. This plugin resolves that
 * one import (in r3f's Canvas module only) to src/scene/threeCatalogue.ts, the classes our JSX
 * names; r3f's other modules read three.js member by member and tree-shake as usual.
 * docs/ARCHITECTURE.md, "The scene's chunk".
 */
import path from 'node:path'
import type { Plugin } from 'vite'

/** r3f's Canvas module, the one importer whose `three` is narrowed. */
const R3F_CANVAS_MODULE = /[\\/]@react-three[\\/]fiber[\\/]dist[\\/]react-three-fiber\.esm\.js$/

export function threeCatalogue(root: string): Plugin {
  const catalogue = path.join(root, 'src/scene/threeCatalogue.ts')
  return {
    name: 'vpos-three-catalogue',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'three' && importer && R3F_CANVAS_MODULE.test(importer)) return catalogue
      return null
    },
  }
}
