/**
 * The one cached loader of the GLSL in public/shaders (one file per stage). The files are fetched
 * from the app's own origin (CSP connect-src 'self'); the first call starts every fetch, later calls
 * share the same promise; a failed load is forgotten so a retry fetches again.
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

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>

let cached: Promise<ShaderSources> | null = null

async function fetchAll(fetchFn: Fetch, base: string): Promise<ShaderSources> {
  const texts = await Promise.all(
    SHADER_FILES.map(async (file) => {
      const res = await fetchFn(`${base}${file}`)
      if (!res.ok) throw new Error(`shader ${file} failed to load (HTTP ${res.status})`)
      return prepareShaderSource(file, await res.text())
    }),
  )
  return Object.fromEntries(SHADER_FILES.map((f, i) => [f, texts[i]!])) as ShaderSources
}

/** Every shader of the scene, fetched once. */
export function loadShaders(
  fetchFn: Fetch = (url) => fetch(url),
  base = `${import.meta.env?.BASE_URL ?? '/'}shaders/`,
): Promise<ShaderSources> {
  if (!cached) {
    cached = fetchAll(fetchFn, base)
    cached.catch(() => {
      cached = null
    })
  }
  return cached
}

/** Forget the cache (tests). */
export function resetShaderCache(): void {
  cached = null
}
