/**
 * Clip export's encoder (ARCHITECTURE.md "Clip export"): WebCodecs' VideoEncoder makes VP9 (or VP8)
 * and mediabunny muxes the packets into a WebM file in memory. The codec runs on the browser's media
 * threads; the page only copies each frame and hands it over. This module (and mediabunny with it)
 * is loaded on the first export, so Swarm Core's chunk does without it.
 */
import {
  BufferTarget,
  EncodedPacket,
  EncodedVideoPacketSource,
  Output,
  WebMOutputFormat,
} from 'mediabunny'
import { clipFrameTimestampUs } from '../../state/clip/clipRange'
import type { ClipSupport } from './clipSupport'

export interface ClipEncoder {
  /**
   * Copy `canvas` now — synchronously, before anything awaits: a WebGL canvas holds its frame only
   * until the task ends — scaled to the clip's size, then encode it as frame `index`. Resolves when
   * the encoder can take the next one.
   */
  add(canvas: HTMLCanvasElement, index: number): Promise<void>
  /** Flush the encoder and close the file: the WebM. */
  finish(): Promise<Blob>
  /** Drop everything (Cancel, an error). */
  cancel(): void
}

/** Frames queued in the encoder before add() waits for it. */
const MAX_QUEUED = 3
/** A keyframe every two seconds of video, so a player can seek. */
const KEYFRAME_EVERY_S = 2

/** Until the encoder took a frame off its queue (or `ms`, whichever comes first). */
function dequeued(encoder: VideoEncoder, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      encoder.removeEventListener('dequeue', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    encoder.addEventListener('dequeue', done)
  })
}

/** A VideoEncoder for `support`'s config and a mediabunny WebM output it feeds. */
export async function createClipEncoder(
  support: Extract<ClipSupport, { ok: true }>,
  fps: number,
): Promise<ClipEncoder> {
  const { width, height } = support.config
  const target = new BufferTarget()
  const output = new Output({ format: new WebMOutputFormat(), target })
  const packets = new EncodedVideoPacketSource(support.codec)
  output.addVideoTrack(packets, { frameRate: fps })
  await output.start()

  let failure: unknown = null
  // packets reach the muxer one after another, in the encoder's (decode) order
  let muxed: Promise<void> = Promise.resolve()
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      const packet = EncodedPacket.fromEncodedChunk(chunk)
      muxed = muxed.then(() => packets.add(packet, meta))
    },
    error: (e) => {
      failure = e
    },
  })
  encoder.configure(support.config)
  const copy = document.createElement('canvas')
  copy.width = width
  copy.height = height
  const ctx = copy.getContext('2d', { alpha: false })
  if (!ctx) throw new Error('no 2D canvas to copy frames into')

  const close = () => {
    if (encoder.state !== 'closed') encoder.close()
  }
  return {
    async add(canvas, index) {
      ctx.drawImage(canvas, 0, 0, width, height)
      const frame = new VideoFrame(copy, clipFrameTimestampUs(fps, index))
      try {
        encoder.encode(frame, { keyFrame: index % (fps * KEYFRAME_EVERY_S) === 0 })
      } finally {
        frame.close()
      }
      while (encoder.encodeQueueSize > MAX_QUEUED && failure === null) await dequeued(encoder, 100)
      if (failure !== null) throw failure
    },
    async finish() {
      await encoder.flush()
      if (failure !== null) throw failure
      await muxed
      packets.close()
      await output.finalize()
      close()
      return new Blob([target.buffer!], { type: 'video/webm' })
    },
    cancel() {
      close()
      muxed = muxed.catch(() => undefined)
      if (output.state !== 'finalized' && output.state !== 'canceled') void output.cancel()
    },
  }
}
