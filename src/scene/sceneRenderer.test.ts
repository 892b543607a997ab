import { describe, expect, it, vi } from 'vitest'
import { withoutUnusedExtensions } from './sceneRenderer'

describe('withoutUnusedExtensions', () => {
  it('answers null for what the scene never uses, without asking the context', () => {
    const ask = vi.fn((name: string) => ({ name }))
    const gl = withoutUnusedExtensions({ getExtension: ask } as unknown as WebGL2RenderingContext)
    for (const name of [
      'EXT_color_buffer_float',
      'EXT_texture_filter_anisotropic',
      'EXT_clip_control',
    ])
      expect(gl.getExtension(name)).toBe(null)
    expect(ask).not.toHaveBeenCalled()
  })

  it('asks the context for every other extension (the pick target, context loss, renderer info)', () => {
    const ask = vi.fn((name: string) => ({ name }))
    const gl = withoutUnusedExtensions({ getExtension: ask } as unknown as WebGL2RenderingContext)
    for (const name of [
      'WEBGL_lose_context',
      'KHR_parallel_shader_compile',
      'WEBGL_debug_renderer_info',
    ])
      expect(gl.getExtension(name)).toEqual({ name })
    expect(ask).toHaveBeenCalledTimes(3)
  })
})
