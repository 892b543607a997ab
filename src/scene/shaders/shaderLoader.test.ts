import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SHADER_FILES, prepareShaderSource, sceneShaders, shaderName } from './shaderLoader'

const ROOT = join(__dirname, '..', '..', '..')
const SHADER_DIR = join(ROOT, 'public', 'shaders')
const read = (file: string) => readFileSync(join(SHADER_DIR, file), 'utf8')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return sourceFiles(p)
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [p] : []
  })
}

/** three.js supplies these to RawShaderMaterial programs; they keep three's names. */
const THREE_UNIFORMS = new Set(['projectionMatrix', 'modelViewMatrix'])
/** the base geometry's per-vertex attribute (three's name) */
const VERTEX_ATTRIBUTES = new Set(['position'])
/** per-agent attributes: `instance*` (one per agent: an instance, or a point), `agent*` (an agent as a segment vertex) */
const AGENT_ATTRIBUTE = /^(instance|agent)[A-Z]/

describe('shader files', () => {
  it('every shader file the scene references exists in public/shaders', () => {
    const referenced = new Set<string>(SHADER_FILES)
    for (const file of sourceFiles(join(ROOT, 'src', 'scene'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /['"`]([\w-]+\.(?:vert|frag)\.glsl)['"`]/g,
      )) {
        referenced.add(m[1]!)
      }
    }
    expect(referenced.size).toBeGreaterThanOrEqual(8)
    for (const file of referenced) {
      expect(existsSync(join(SHADER_DIR, file)), `public/shaders/${file}`).toBe(true)
      expect(SHADER_FILES as readonly string[]).toContain(file)
    }
  })

  it.each(SHADER_FILES)('%s declares its stage name and follows the naming rules', (file) => {
    const src = read(file)
    expect(shaderName(src)).toBe(file.replace(/\.glsl$/, ''))
    const isVertex = file.includes('.vert.')
    for (const m of src.matchAll(/^\s*uniform\s+(?:\w+\s+)?\w+\s+(\w+)/gm)) {
      const name = m[1]!
      if (!THREE_UNIFORMS.has(name)) expect(name, `${file}: uniform ${name}`).toMatch(/^u[A-Z]/)
    }
    for (const m of src.matchAll(
      /^\s*(?:flat\s+)?(in|out)\s+(?:highp\s+|mediump\s+|lowp\s+)?\w+\s+(\w+)/gm,
    )) {
      const [, dir, name] = m as unknown as [string, string, string]
      if (isVertex && dir === 'in') {
        if (!VERTEX_ATTRIBUTES.has(name))
          expect(name, `${file}: attribute ${name}`).toMatch(AGENT_ATTRIBUTE)
      } else if (!(dir === 'out' && !isVertex)) {
        expect(name, `${file}: varying ${name}`).toMatch(/^v[A-Z]/)
      }
    }
  })

  it('each vertex stage feeds exactly the varyings its fragment stage reads', () => {
    const varyings = (src: string, dir: 'in' | 'out') =>
      [...src.matchAll(new RegExp(`^\\s*(?:flat\\s+)?${dir}\\s+\\w+\\s+(v\\w+)`, 'gm'))]
        .map((m) => m[1])
        .sort()
    for (const stage of ['agents', 'picking', 'links', 'grid']) {
      expect(varyings(read(`${stage}.frag.glsl`), 'in'), stage).toEqual(
        varyings(read(`${stage}.vert.glsl`), 'out'),
      )
    }
  })
})

describe('prepareShaderSource', () => {
  it('puts an #undef before the stage name so three.js can prepend its own', () => {
    const out = prepareShaderSource('a.vert.glsl', '#define SHADER_NAME a.vert\nvoid main() {}\n')
    expect(out).toBe('#undef SHADER_NAME\n#define SHADER_NAME a.vert\nvoid main() {}\n')
  })

  it.each([
    ['void main() {}', /missing '#define SHADER_NAME'/],
    ['#version 300 es\n#define SHADER_NAME x\n', /no #version/],
  ])('rejects %j', (src, err) => {
    expect(() => prepareShaderSource('x.glsl', src)).toThrow(err)
  })
})

describe('sceneShaders', () => {
  it('holds every file of public/shaders as it is on disk, prepared, once', () => {
    const a = sceneShaders()
    expect(sceneShaders()).toBe(a)
    expect(Object.keys(a).sort()).toEqual([...SHADER_FILES].sort())
    for (const file of SHADER_FILES) {
      expect(a[file], file).toBe(prepareShaderSource(file, read(file)))
    }
  })

  it('names a file the build did not find', () => {
    const files = Object.fromEntries(
      SHADER_FILES.filter((f) => f !== 'grid.frag.glsl').map((f) => [
        `/public/shaders/${f}`,
        read(f),
      ]),
    )
    expect(() => sceneShaders(files)).toThrow(/grid\.frag\.glsl is missing/)
  })
})
