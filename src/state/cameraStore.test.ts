import { beforeEach, describe, expect, it } from 'vitest'
import { camera, resetCamera, setCamera, zoomIn, zoomOut, zoomPercent } from './cameraStore'

beforeEach(resetCamera)

describe('camera store', () => {
  it('zoom buttons step by 0.25 and clamp at 0.5 and 5', () => {
    zoomIn()
    expect(camera.zoom).toBe(1.25)
    for (let i = 0; i < 30; i++) zoomIn()
    expect(camera.zoom).toBe(5)
    for (let i = 0; i < 30; i++) zoomOut()
    expect(camera.zoom).toBe(0.5)
    zoomIn()
    zoomIn()
    expect(camera.zoom).toBe(1)
  })

  it('reset centres the view at 100 %', () => {
    setCamera({ x: 40, y: -12, zoom: 3.3 })
    expect(camera).toMatchObject({ x: 40, y: -12, zoom: 3.3 })
    resetCamera()
    expect({ ...camera }).toEqual({ x: 0, y: 0, zoom: 1 })
  })

  it('setCamera clamps the zoom and ignores non-finite pans', () => {
    setCamera({ x: Number.NaN, y: Infinity, zoom: 99 })
    expect({ ...camera }).toEqual({ x: 0, y: 0, zoom: 5 })
  })

  it.each([
    [1, '100%'],
    [1.25, '125%'],
    [0.5, '50%'],
    [5, '500%'],
    [1.234, '123%'],
  ])('zoomPercent(%d) = %s', (z, want) => {
    expect(zoomPercent(z)).toBe(want)
  })
})
