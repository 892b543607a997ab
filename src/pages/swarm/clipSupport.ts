/**
 * Whether this browser can export a clip (ARCHITECTURE.md "Clip export"), and with what: WebCodecs'
 * VideoEncoder, VP9 or else VP8 (the codecs WebM holds). Otherwise the clear message the dialog shows.
 */
type ClipCodec = 'vp9' | 'vp8'

/** What WebCodecs is asked for, best first: VP9 profile 0 level 3.1 8-bit (720p30), then VP8. */
const CODECS: readonly { codec: ClipCodec; webcodecs: string }[] = [
  { codec: 'vp9', webcodecs: 'vp09.00.31.08' },
  { codec: 'vp8', webcodecs: 'vp8' },
]

export const NO_ENCODER_MESSAGE =
  'This browser cannot export video: it has no WebCodecs video encoder (VideoEncoder). ' +
  'A recent Chrome, Edge or Firefox can.'

export function noCodecMessage(width: number, height: number): string {
  return (
    `This browser's video encoder makes neither VP9 nor VP8 video at ${width}×${height}, ` +
    'and a WebM clip needs one of them.'
  )
}

export type ClipSupport =
  { ok: true; codec: ClipCodec; config: VideoEncoderConfig } | { ok: false; message: string }

/** The part of WebCodecs the support check asks (a unit test passes its own). */
interface EncoderApi {
  VideoEncoder?: { isConfigSupported(config: VideoEncoderConfig): Promise<{ supported?: boolean }> }
}

/** Bits per second for a clip: ~0.08 bit per pixel per frame, 2.2 Mbit/s at 720p30. */
function bitrateFor(width: number, height: number, fps: number): number {
  return Math.round(width * height * fps * 0.08)
}

/**
 * Whether this browser can encode the clip, and with what: VideoEncoder.isConfigSupported for VP9,
 * then VP8 (a check that throws counts as "no"). Otherwise the message the dialog shows.
 */
export async function clipSupport(
  size: { width: number; height: number },
  fps: number,
  api: EncoderApi = globalThis as EncoderApi,
): Promise<ClipSupport> {
  const encoder = api.VideoEncoder
  if (typeof encoder?.isConfigSupported !== 'function') {
    return { ok: false, message: NO_ENCODER_MESSAGE }
  }
  for (const { codec, webcodecs } of CODECS) {
    const config: VideoEncoderConfig = {
      codec: webcodecs,
      width: size.width,
      height: size.height,
      bitrate: bitrateFor(size.width, size.height, fps),
      framerate: fps,
    }
    const supported = await encoder.isConfigSupported(config).then(
      (r) => r.supported === true,
      () => false,
    )
    if (supported) return { ok: true, codec, config }
  }
  return { ok: false, message: noCodecMessage(size.width, size.height) }
}
