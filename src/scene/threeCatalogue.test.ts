import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { threeCatalogue } from '../../scripts/threeCatalogue'
import * as catalogue from './threeCatalogue'

const SCENE_DIR = import.meta.dirname

/** Every lowercase JSX element (r3f's three.js elements) in the scene's .tsx files. */
function threeElements(): Set<string> {
  const found = new Set<string>()
  const files = readdirSync(SCENE_DIR, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.tsx'),
  )
  for (const file of files) {
    const path = join(SCENE_DIR, file)
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest)
    const visit = (node: ts.Node) => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const name = node.tagName.getText(source)
        if (/^[a-z]/.test(name)) found.add(name)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

describe('the scene’s three.js catalogue', () => {
  it('names the class of every three.js element the scene draws', () => {
    const elements = threeElements()
    expect(elements.size).toBeGreaterThan(0)
    for (const element of elements) {
      const className = element[0]!.toUpperCase() + element.slice(1)
      expect(catalogue, `<${element}> needs ${className} in threeCatalogue.ts`).toHaveProperty(
        className,
      )
    }
  })

  it('is what the build gives react-three-fiber’s Canvas for three.js, and only that module', () => {
    const plugin = threeCatalogue('/repo')
    const resolve = plugin.resolveId as (source: string, importer?: string) => string | null
    const canvas = '/repo/node_modules/@react-three/fiber/dist/react-three-fiber.esm.js'
    expect(resolve('three', canvas)).toBe(join('/repo', 'src/scene/threeCatalogue.ts'))
    expect(
      resolve('three', '/repo/node_modules/@react-three/fiber/dist/events-e51d7528.esm.js'),
    ).toBe(null)
    expect(resolve('three', '/repo/src/scene/materials.ts')).toBe(null)
    expect(resolve('react', canvas)).toBe(null)
  })
})
