import { describe, expect, it } from 'vitest'
import { NO_ENCODER_MESSAGE, clipSupport, noCodecMessage } from './clipSupport'

/** A VideoEncoder whose isConfigSupported answers from `answers` (codec → yes/no/throws). */
function fakeApi(answers: Record<string, boolean | 'throws'>) {
  const asked: VideoEncoderConfig[] = []
  return {
    asked,
    api: {
      VideoEncoder: {
        isConfigSupported(config: VideoEncoderConfig) {
          asked.push(config)
          const a = answers[config.codec]
          if (a === 'throws') return Promise.reject(new TypeError('bad config'))
          return Promise.resolve({ supported: a === true })
        },
      },
    },
  }
}

const size = { width: 960, height: 540 }

describe('clipSupport', () => {
  it('says clearly when the browser has no VideoEncoder', async () => {
    expect(await clipSupport(size, 30, {})).toEqual({ ok: false, message: NO_ENCODER_MESSAGE })
  })

  it('takes VP9 when the encoder makes it, at the clip size and rate', async () => {
    const { api, asked } = fakeApi({ 'vp09.00.31.08': true, vp8: true })
    const s = await clipSupport(size, 30, api)
    expect(s).toMatchObject({ ok: true, codec: 'vp9' })
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({ width: 960, height: 540, framerate: 30 })
    expect(asked[0]!.bitrate).toBeGreaterThan(0)
  })

  it.each([
    ['VP9 unsupported', false],
    ['VP9 check throws', 'throws'],
  ] as const)('falls back to VP8 (%s)', async (_, vp9) => {
    const { api } = fakeApi({ 'vp09.00.31.08': vp9, vp8: true })
    expect(await clipSupport(size, 24, api)).toMatchObject({
      ok: true,
      codec: 'vp8',
      config: { codec: 'vp8', framerate: 24 },
    })
  })

  it('names the size when neither codec is made', async () => {
    const { api } = fakeApi({})
    const s = await clipSupport(size, 30, api)
    expect(s).toEqual({ ok: false, message: noCodecMessage(960, 540) })
    expect(noCodecMessage(960, 540)).toContain('neither VP9 nor VP8 video at 960×540')
  })
})
