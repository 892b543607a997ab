import { describe, expect, it } from 'vitest'
import { worldToScreen } from './camera/camera'
import { createViewUniforms, updateViewUniforms } from './viewUniforms'

describe('view uniforms', () => {
  it.each([
    // [camera, canvas, world point]
    [{ x: 0, y: 0, zoom: 1 }, [1000, 600], [800, 500]],
    [{ x: 0, y: 0, zoom: 1 }, [1000, 600], [300, 200]],
    [{ x: 40, y: -25, zoom: 2.5 }, [1440, 900], [870, 444]],
    [{ x: -300, y: 120, zoom: 0.5 }, [390, 844], [100, 900]],
  ] as const)(
    'clip = (p − uCenter)·uScale lands where worldToScreen says (camera %o)',
    (view, [w, h], [px, py]) => {
      const frame = { width: w, height: h, originX: 800, originY: 500 }
      const u = createViewUniforms()
      updateViewUniforms(u, frame.originX + view.x, frame.originY + view.y, view.zoom, w, h)
      const clipX = (px - u.uCenter.value.x) * u.uScale.value.x
      const clipY = (py - u.uCenter.value.y) * u.uScale.value.y
      const s = worldToScreen(view, frame, px, py)
      // clip → CSS px, y down
      expect(((clipX + 1) / 2) * w).toBeCloseTo(s.x, 9)
      expect(((1 - clipY) / 2) * h).toBeCloseTo(s.y, 9)
      // and the picking shader's screen formula
      expect((px - u.uCenter.value.x) * u.uZoom.value + w / 2).toBeCloseTo(s.x, 9)
      expect((py - u.uCenter.value.y) * u.uZoom.value + h / 2).toBeCloseTo(s.y, 9)
    },
  )
})
