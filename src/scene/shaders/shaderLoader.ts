/**
 * The scene's GLSL, from public/shaders (one file per stage). The build inlines each file's text
 * into the scene's chunk (`import.meta.glob` with `?raw`): the scene starts without a request of
 * its own. Fetched, the ten files were a second round trip after the scene's chunk, and their ten
 * `fetch` calls a ~50 ms task at 4× CPU inside the scene's first render (docs/ARCHITECTURE.md,
 * "The scene never blocks a page"). The files are still served at /shaders/ as they are.
 */

export const SHADER_FILES = [
  'agents.vert.glsl',
  'agents.frag.glsl',
  'picking.vert.glsl',
  'picking.frag.glsl',
  'links.vert.glsl',
  'links.frag.glsl',
  'grid.vert.glsl',
  'grid.frag.glsl',
  'cursor.vert.glsl',
  'cursor.frag.glsl',
] as const

type ShaderFile = (typeof SHADER_FILES)[number]
export type ShaderSources = Readonly<Record<ShaderFile, string>>

const NAME_LINE = /^#define SHADER_NAME (\S+)\s*$/m

/** The stage name a shader file declares on its `#define SHADER_NAME` line, or null. */
export function shaderName(source: string): string | null {
  return NAME_LINE.exec(source)?.[1] ?? null
}

/**
 * The source as three.js's RawShaderMaterial needs it. GOTCHA: three prepends its own
 * `#define SHADER_NAME <material name>`; redefining a macro is a compile error in GLSL ES, so the
 * file's own line is preceded by an #undef (the stage keeps its name in GPU debuggers).
 */
export function prepareShaderSource(file: string, source: string): string {
  const name = shaderName(source)
  if (!name) throw new Error(`${file}: missing '#define SHADER_NAME' line`)
  if (/^\s*#version/m.test(source)) throw new Error(`${file}: no #version line (three.js adds it)`)
  return source.replace(NAME_LINE, `#undef SHADER_NAME\n#define SHADER_NAME ${name}`)
}

/** Each shader file's text as the build read it, keyed by its path from the repository root. */
const BUNDLED = import.meta.glob<string>('/public/shaders/*.glsl', {
  query: '?raw',
  import: 'default',
  eager: true,
})

let prepared: ShaderSources | null = null

/** Every shader of the scene, prepared for three.js (once; `files` for tests). */
export function sceneShaders(files: Readonly<Record<string, string>> = BUNDLED): ShaderSources {
  if (prepared && files === BUNDLED) return prepared
  const out = Object.fromEntries(
    SHADER_FILES.map((file) => {
      const source = files[`/public/shaders/${file}`]
      if (source === undefined) throw new Error(`shader ${file} is missing from public/shaders`)
      return [file, prepareShaderSource(file, source)]
    }),
  ) as ShaderSources
  if (files === BUNDLED) prepared = out
  return out
}
