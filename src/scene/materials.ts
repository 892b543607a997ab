/**
 * The scene's shader materials, built from the GLSL of public/shaders (see shaders/shaderLoader.ts).
 * Colours are handed to the shaders as raw sRGB components: RawShaderMaterial output is written to
 * the canvas as is, so no colour-management conversion may touch them.
 */
import {
  GLSL3,
  LessDepth,
  NoBlending,
  NormalBlending,
  RawShaderMaterial,
  Vector2,
  Vector3,
  Vector4,
} from 'three'
import { FAILING_COLOR, TYPE_COLORS } from '../sim'
import type { AgentDrawMode } from './agents/agentDraw'
import type { FilterUniforms } from './filterUniforms'
import type { ShaderSources } from './shaders/shaderLoader'
import type { ViewUniforms } from './viewUniforms'

/** 0xRRGGBB → sRGB components 0..1. */
function rgb(hex: number): Vector3 {
  return new Vector3(((hex >> 16) & 255) / 255, ((hex >> 8) & 255) / 255, (hex & 255) / 255)
}

export const SCENE_BACKGROUND = '#03060b'
const LINK_COLOR = 0x2dd4bf
const GRID_FINE = 0x0f3a3a
const GRID_MAJOR = 0x14615b
/** the keyboard focus colour (theme.color.amber) */
const CURSOR_COLOR = 0xffb547

/** The view uniforms, shared by reference: the rig's one write per frame reaches every material. */
function withView(view: ViewUniforms, own: Record<string, { value: unknown }>) {
  return {
    uCenter: view.uCenter,
    uScale: view.uScale,
    uViewport: view.uViewport,
    uZoom: view.uZoom,
    ...own,
  }
}

/** `#define AGENT_POINTS` for the points draw mode (agents and picking shaders). */
function modeDefines(mode: AgentDrawMode): Record<string, string> {
  return mode === 'points' ? { AGENT_POINTS: '' } : {}
}

export function agentsMaterial(
  s: ShaderSources,
  view: ViewUniforms,
  mode: AgentDrawMode,
  maxPointSize: number,
  filter: FilterUniforms,
): RawShaderMaterial {
  return new RawShaderMaterial({
    name: 'agents',
    glslVersion: GLSL3,
    defines: modeDefines(mode),
    vertexShader: s['agents.vert.glsl'],
    fragmentShader: s['agents.frag.glsl'],
    uniforms: withView(view, {
      uTime: { value: 0 },
      uTypeColors: { value: TYPE_COLORS.map(rgb) },
      uFailingColor: { value: rgb(FAILING_COLOR) },
      ...filter,
      ...(mode === 'points'
        ? { uPixelRatio: { value: 1 }, uMaxPointSize: { value: maxPointSize } }
        : {}),
    }),
    transparent: true,
    blending: NormalBlending,
    depthTest: false,
    depthWrite: false,
  })
}

/** PRODUCT.md §2 GPU picking: nearest agent within the threshold wins through depth test LESS. */
export const PICK_MAX_DEPTH_PX = 128

export function pickingMaterial(
  s: ShaderSources,
  view: ViewUniforms,
  mode: AgentDrawMode,
): RawShaderMaterial {
  return new RawShaderMaterial({
    name: 'picking',
    glslVersion: GLSL3,
    defines: modeDefines(mode),
    vertexShader: s['picking.vert.glsl'],
    fragmentShader: s['picking.frag.glsl'],
    uniforms: withView(view, {
      uPointer: { value: new Vector2(0, 0) },
      uTouch: { value: 0 },
      uMaxDepthPx: { value: PICK_MAX_DEPTH_PX },
    }),
    blending: NoBlending,
    transparent: false,
    depthTest: true,
    depthWrite: true,
    depthFunc: LessDepth,
  })
}

/** The links; `filter` shared with the agents' material (a link outside the filter is dimmed). */
export function linksMaterial(
  s: ShaderSources,
  view: ViewUniforms,
  filter: FilterUniforms,
): RawShaderMaterial {
  return new RawShaderMaterial({
    name: 'links',
    glslVersion: GLSL3,
    vertexShader: s['links.vert.glsl'],
    fragmentShader: s['links.frag.glsl'],
    uniforms: withView(view, {
      uColor: { value: rgb(LINK_COLOR) },
      uOpacity: { value: 0.22 },
      ...filter,
    }),
    transparent: true,
    blending: NormalBlending,
    depthTest: false,
    depthWrite: false,
  })
}

export function gridMaterial(s: ShaderSources, view: ViewUniforms): RawShaderMaterial {
  return new RawShaderMaterial({
    name: 'grid',
    glslVersion: GLSL3,
    vertexShader: s['grid.vert.glsl'],
    fragmentShader: s['grid.frag.glsl'],
    uniforms: withView(view, {
      uFirstLine: { value: new Vector2(0, 0) },
      uStep: { value: 10 },
      uMajorStep: { value: 50 },
      uCountX: { value: 0 },
      uVisible: { value: new Vector4(0, 0, 1, 1) },
      uFineColor: { value: rgb(GRID_FINE) },
      uMajorColor: { value: rgb(GRID_MAJOR) },
      uFineOpacity: { value: 0.3 },
      uMajorOpacity: { value: 0.55 },
    }),
    transparent: true,
    blending: NormalBlending,
    depthTest: false,
    depthWrite: false,
  })
}

/** The keyboard cursor's ring (src/scene/cursor/CursorRing.tsx), drawn over the agents. */
export function cursorMaterial(s: ShaderSources, view: ViewUniforms): RawShaderMaterial {
  return new RawShaderMaterial({
    name: 'cursor',
    glslVersion: GLSL3,
    vertexShader: s['cursor.vert.glsl'],
    fragmentShader: s['cursor.frag.glsl'],
    uniforms: withView(view, {
      uCursor: { value: new Vector2(0, 0) },
      uRadius: { value: 10 },
      uColor: { value: rgb(CURSOR_COLOR) },
    }),
    transparent: true,
    blending: NormalBlending,
    depthTest: false,
    depthWrite: false,
  })
}
