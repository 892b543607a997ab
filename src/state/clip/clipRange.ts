/**
 * Clip export's pure core (ARCHITECTURE.md "Clip export"): the range a clip may cover, how many
 * frames it has at a frame rate, the moment each frame shows, and the video's size from the
 * canvas's. Data in, data out; the dialog and the export loop only wire them to the world.
 */

/** A clip is at most this long (issue 33: "a range of up to 60 s"). */
export const MAX_CLIP_MS = 60_000
/** …and at least this long, so it always has frames. */
export const MIN_CLIP_MS = 100
/** The frame rates the dialog offers; the first is the default. */
export const CLIP_FPS = [30, 24] as const
export type ClipFps = (typeof CLIP_FPS)[number]
/** The video fits this box (long side × short side): 1280×720, portrait or landscape. */
export const MAX_CLIP_LONG_SIDE = 1280
export const MAX_CLIP_SHORT_SIDE = 720

/** A range of a clip source's timeline, in ms from its start. */
export interface ClipRange {
  startMs: number
  endMs: number
}

function finite(v: number, fallback: number): number {
  return Number.isFinite(v) ? v : fallback
}

/**
 * The range clamped into a timeline of `durationMs`: start inside it, end after start by at least
 * MIN_CLIP_MS (or to the timeline's end when it is shorter) and at most MAX_CLIP_MS. A non-finite
 * bound takes the timeline's end it stands for.
 */
export function clampClipRange(range: ClipRange, durationMs: number): ClipRange {
  const duration = Math.max(0, finite(durationMs, 0))
  const minLen = Math.min(MIN_CLIP_MS, duration)
  const startMs = Math.min(Math.max(0, finite(range.startMs, 0)), duration - minLen)
  const endMs = Math.min(
    Math.max(finite(range.endMs, duration), startMs + minLen),
    startMs + MAX_CLIP_MS,
    duration,
  )
  return { startMs, endMs }
}

/** The dialog's first range: the whole timeline from `startMs` (default its start), up to MAX_CLIP_MS. */
export function defaultClipRange(durationMs: number, startMs = 0): ClipRange {
  return clampClipRange({ startMs, endMs: startMs + MAX_CLIP_MS }, durationMs)
}

/** Frames of a clip of `range` at `fps`: one per 1/fps of its length, rounded, at least one. */
export function clipFrameCount(range: ClipRange, fps: number): number {
  return Math.max(1, Math.round(((range.endMs - range.startMs) * fps) / 1000))
}

/** The timeline moment (ms) frame `index` shows: the range's start plus index/fps. */
export function clipFrameTimeMs(range: ClipRange, fps: number, index: number): number {
  return range.startMs + (index * 1000) / fps
}

/** Frame `index`'s presentation time and duration in the video, in whole microseconds. */
export function clipFrameTimestampUs(
  fps: number,
  index: number,
): { timestamp: number; duration: number } {
  const timestamp = Math.round((index * 1_000_000) / fps)
  return { timestamp, duration: Math.round(((index + 1) * 1_000_000) / fps) - timestamp }
}

/**
 * The video's size from the canvas's drawing-buffer size: scaled down (never up) to fit
 * MAX_CLIP_LONG_SIDE × MAX_CLIP_SHORT_SIDE in the canvas's own orientation, aspect kept, each side
 * rounded down to an even number (VP8/VP9 with 4:2:0 chroma) and at least 2.
 */
export function clipOutputSize(width: number, height: number): { width: number; height: number } {
  const w = Math.max(2, finite(width, 2))
  const h = Math.max(2, finite(height, 2))
  const long = Math.max(w, h)
  const short = Math.min(w, h)
  const scale = Math.min(1, MAX_CLIP_LONG_SIDE / long, MAX_CLIP_SHORT_SIDE / short)
  const even = (v: number) => Math.max(2, Math.floor((v * scale) / 2) * 2)
  return { width: even(w), height: even(h) }
}

/** "1:05.3" for 65,300 ms: the dialog's timeline readings. */
export function formatClipSeconds(ms: number): string {
  const tenths = Math.round(Math.max(0, ms) / 100)
  const min = Math.floor(tenths / 600)
  const sec = (tenths % 600) / 10
  return `${min}:${sec.toFixed(1).padStart(4, '0')}`
}
