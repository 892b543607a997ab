import { describe, expect, it } from 'vitest'
import type { ClipSource } from '../../state/clip/clipSource'
import type { SceneCapture } from '../../state/clip/sceneCapture'
import type { ClipEncoder } from './clipEncoder'
import { runClipExport } from './clipExport'

/** Fakes that write down, in order, what the loop asked of each. */
function fakes(opts: { failAt?: number; onFrame?: (i: number) => void } = {}) {
  const log: string[] = []
  const canvas = { id: 'canvas' } as unknown as HTMLCanvasElement
  let held = false
  const source: ClipSource = {
    label: 'Test',
    durationMs: 10_000,
    initialMs: 0,
    describe: () => '',
    hold: () => {
      log.push('source.hold')
      return () => log.push('source.restore')
    },
    seek: (t) => {
      log.push(`seek ${t.toFixed(1)}`)
      return Promise.resolve()
    },
  }
  const capture: SceneCapture = {
    canvas,
    get held() {
      return held
    },
    hold: () => {
      held = true
      log.push('capture.hold')
    },
    frame: (sec) => log.push(`frame ${sec.toFixed(3)}`),
    release: () => {
      held = false
      log.push('capture.release')
    },
  }
  const encoder: ClipEncoder = {
    add: (c, i) => {
      log.push(`add ${i}${c === canvas ? '' : ' (wrong canvas)'}`)
      opts.onFrame?.(i)
      return i === opts.failAt ? Promise.reject(new Error('encoder broke')) : Promise.resolve()
    },
    finish: () => {
      log.push('finish')
      return Promise.resolve(new Blob(['webm']))
    },
    cancel: () => log.push('cancel'),
  }
  return { log, source, capture, encoder, isHeld: () => held }
}

const noBreath = () => Promise.resolve()

describe('runClipExport', () => {
  it('seeks, draws and encodes each frame in turn, at the range start plus i/fps', async () => {
    const f = fakes()
    const progress: string[] = []
    const file = await runClipExport({
      ...f,
      range: { startMs: 1000, endMs: 1100 },
      fps: 30,
      signal: new AbortController().signal,
      onProgress: (d, t) => progress.push(`${d}/${t}`),
      breathe: noBreath,
    })
    expect(await file?.text()).toBe('webm')
    expect(progress).toEqual(['1/3', '2/3', '3/3'])
    expect(f.log).toEqual([
      'source.hold',
      'capture.hold',
      'seek 1000.0',
      'frame 0.000',
      'add 0',
      'seek 1033.3',
      'frame 0.033',
      'add 1',
      'seek 1066.7',
      'frame 0.067',
      'add 2',
      'finish',
      'capture.release',
      'source.restore',
    ])
  })

  it('Cancel stops before the next frame: nothing returned, encoder dropped, view given back', async () => {
    const controller = new AbortController()
    const f = fakes({ onFrame: (i) => i === 4 && controller.abort() })
    const file = await runClipExport({
      ...f,
      range: { startMs: 0, endMs: 2000 },
      fps: 30,
      signal: controller.signal,
      onProgress: () => {},
      breathe: noBreath,
    })
    expect(file).toBeNull()
    expect(f.log.filter((l) => l.startsWith('add'))).toHaveLength(5)
    expect(f.log.slice(-3)).toEqual(['cancel', 'capture.release', 'source.restore'])
    expect(f.log).not.toContain('finish')
    expect(f.isHeld()).toBe(false)
  })

  it('an encoder error propagates, and the scene and the view are still given back', async () => {
    const f = fakes({ failAt: 1 })
    await expect(
      runClipExport({
        ...f,
        range: { startMs: 0, endMs: 1000 },
        fps: 24,
        signal: new AbortController().signal,
        onProgress: () => {},
        breathe: noBreath,
      }),
    ).rejects.toThrow('encoder broke')
    expect(f.log.slice(-3)).toEqual(['cancel', 'capture.release', 'source.restore'])
  })
})
