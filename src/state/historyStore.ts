/**
 * The live history's actions (issue 33; docs/ARCHITECTURE.md "History source and timeline"): go
 * back to a moment of the live swarm, play, step, seek, and Go live. The history source
 * (sources/historySource.ts) becomes the displayed source while the visitor is behind; the live
 * feed stays connected, and its console lines are kept aside and given back by Go live.
 */
import { fetchHistoryRange, fetchHistoryWindow } from '../feed/history'
import { MESSAGE_CAP, type ErrorEvent, type Message } from '../sim'
import { displaySource } from './display'
import { HistorySource, type HistoryEvent } from './sources/historySource'
import { RECENT_ERRORS_CAP, syncDerived, type ReplaySpeed, type SwarmStore } from './swarmState'

/** Closer than this to the newest recorded moment is live (ms). */
const LIVE_EDGE_MS = 1_500

/** The feed's clock now, as the last range read gave its offset from ours (epoch ms). */
export function liveNow(store: SwarmStore, now = Date.now()): number {
  return now + (store.swarm.history.range?.skewMs ?? 0)
}

/** Read the recorded range (GET /api/history) into the store; null (and rangeError) on failure. */
export async function refreshHistoryRange(
  store: SwarmStore,
  read = fetchHistoryRange,
): Promise<SwarmStore['swarm']['history']['range']> {
  const h = store.swarm.history
  try {
    const r = await read()
    h.range = {
      oldest: r.oldest,
      newest: r.newest,
      frameExactSince: r.frameExactSince,
      tickMs: r.tickMs,
      keyframeMs: r.keyframeMs,
      skewMs: r.now - Date.now(),
    }
    h.rangeError = null
    return h.range
  } catch (err) {
    h.rangeError = `History unavailable${err instanceof Error && err.message ? `: ${err.message}` : ''}`
    return null
  }
}

/** The newest recorded moment now: the range's newest, moved on by the time since it was read. */
function newestNow(store: SwarmStore): number {
  return liveNow(store) - LIVE_EDGE_MS
}

/** The store's history source, built on first use with the server's frames as its loader. */
function historySource(store: SwarmStore): HistorySource {
  if (store.runtime.history) return store.runtime.history
  const { sim } = store.runtime
  return attachHistorySource(
    store,
    new HistorySource({
      seed: sim.seed,
      world: sim.world,
      load: fetchHistoryWindow,
      newest: () => newestNow(store),
    }),
  )
}

/** `src` becomes the store's history source (tests hand in one with recorded frames). */
export function attachHistorySource(store: SwarmStore, src: HistorySource): HistorySource {
  store.runtime.history?.dispose?.()
  store.runtime.history = src
  src.events((e) => onHistoryEvent(store, src, e))
  return src
}

function onHistoryEvent(store: SwarmStore, src: HistorySource, e: HistoryEvent): void {
  const h = store.swarm.history
  if (store.runtime.history !== src || !h.active) return
  switch (e.kind) {
    case 'reset': {
      const { runtime, swarm } = store
      if (swarm.snapshots.isReplaying) runtime.replayUnder = src
      else if (runtime.source !== src) displaySource(store, src)
      swarm.messages.splice(0)
      swarm.recentErrors.splice(0)
      return
    }
    case 'loading':
      h.loading = e.loading
      if (e.loading) h.error = null
      else if (store.runtime.source === src) {
        // the keyframe may have brought new buffers (a bigger swarm) after the switch
        store.display.buffers = src.buffers
        store.display.version++
        syncDerived(store)
      }
      return
    case 'error':
      h.loading = false
      h.playing = false
      // nothing of the history shown yet: stay on the live swarm, and say why
      if (store.runtime.source !== src) {
        endHistory(store)
        h.notice = `That moment cannot be shown: ${e.text}`
        console.info(`[history] ${h.notice}`)
      } else h.error = e.text
      return
    case 'end':
      goLive(store)
  }
}

/** Show the live swarm as it was at `at` (epoch ms), paused. */
export function openMoment(store: SwarmStore, at: number): void {
  const { swarm } = store
  const h = swarm.history
  const src = historySource(store)
  if (!h.active) {
    store.runtime.liveConsole = {
      messages: swarm.messages.map((m) => ({ ...m })),
      errors: swarm.recentErrors.map((x) => ({ ...x })),
    }
    h.active = true
    h.speed = 1
  }
  h.notice = null
  h.error = null
  h.playing = false
  src.playing = false
  seek(store, src, at)
}

function seek(store: SwarmStore, src: HistorySource, at: number): void {
  const h = store.swarm.history
  const oldest = h.range?.oldest ?? Number.NEGATIVE_INFINITY
  const t = Math.round(Math.max(oldest, Math.min(at, newestNow(store))))
  h.at = t
  h.behindMs = Math.max(0, liveNow(store) - t)
  src.seek(t)
  if (store.runtime.source === src) syncDerived(store)
}

/** How the history stood when a clip export took it over (holdHistory). */
export interface HistoryHeld {
  active: boolean
  at: number
  playing: boolean
}

/**
 * Clip export (clip/historyClipSource.ts): the history takes the screen's place, paused, without
 * fetching anything yet (the clip's one window does). Returns how it stood, for releaseHistory.
 */
export function holdHistory(store: SwarmStore): HistoryHeld {
  const h = store.swarm.history
  const was = { active: h.active, at: h.at, playing: h.playing }
  const src = historySource(store)
  if (!h.active) {
    store.runtime.liveConsole = {
      messages: store.swarm.messages.map((m) => ({ ...m })),
      errors: store.swarm.recentErrors.map((x) => ({ ...x })),
    }
    h.active = true
  }
  h.playing = false
  src.playing = false
  return was
}

/**
 * Exactly moment `at` (epoch ms, unrounded) on the history source: from the frames in hand, else
 * from one window fetched there running `after` ms past it. Rejects with the server's words.
 */
export async function showHistoryMoment(store: SwarmStore, at: number, after: number) {
  const h = store.swarm.history
  const src = historySource(store)
  h.at = at
  h.behindMs = Math.max(0, liveNow(store) - at)
  if (src.holds(at)) src.seek(at)
  else await src.show(at, after)
  if (store.runtime.source === src) syncDerived(store)
}

/** Back to how holdHistory found the history: live, or its moment (playing again if it was). */
export function releaseHistory(store: SwarmStore, was: HistoryHeld): void {
  if (!was.active) {
    goLive(store)
    return
  }
  openMoment(store, was.at)
  if (was.playing) setHistoryPlaying(store, true)
}

/** Move the playhead to `at` (the timeline's drag); at the live edge: Go live. */
export function seekHistory(store: SwarmStore, at: number): void {
  if (at >= newestNow(store)) {
    goLive(store)
    return
  }
  if (!store.swarm.history.active) {
    openMoment(store, at)
    return
  }
  seek(store, historySource(store), at)
}

export function setHistoryPlaying(store: SwarmStore, playing: boolean): void {
  const h = store.swarm.history
  if (!h.active) return
  const src = historySource(store)
  src.playing = playing
  src.speed = h.speed
  h.playing = playing
}

export function setHistorySpeed(store: SwarmStore, speed: ReplaySpeed): void {
  store.swarm.history.speed = speed
  if (store.runtime.history) store.runtime.history.speed = speed
}

/**
 * One tick back or on (−1 / +1), paused: a published tick in the frame-exact part, a keyframe
 * before it.
 */
export function stepHistory(store: SwarmStore, dir: -1 | 1): void {
  const h = store.swarm.history
  const at = h.active ? h.at : newestNow(store)
  setHistoryPlaying(store, false)
  const r = h.range
  const exact = r?.frameExactSince ?? Number.POSITIVE_INFINITY
  const tick = at + dir * (r?.tickMs ?? 100) >= exact ? (r?.tickMs ?? 100) : (r?.keyframeMs ?? 1000)
  seekHistory(store, at + dir * tick)
}

/** Leave the history without choosing what is shown (a local fork takes over). */
export function endHistory(store: SwarmStore): void {
  const h = store.swarm.history
  const src = store.runtime.history
  if (src) src.playing = false
  if (!h.active) return
  h.active = false
  h.playing = false
  h.loading = false
  h.error = null
  h.behindMs = 0
  const saved = store.runtime.liveConsole
  store.runtime.liveConsole = null
  if (saved) {
    store.swarm.messages.splice(0, store.swarm.messages.length, ...saved.messages)
    store.swarm.recentErrors.splice(0, store.swarm.recentErrors.length, ...saved.errors)
  }
}

/** "Go live": the live feed again (the local sim when it is gone), with its console. */
export function goLive(store: SwarmStore): void {
  if (!store.swarm.history.active) return
  const src = store.runtime.history
  endHistory(store)
  const { runtime, swarm } = store
  const to = runtime.live ?? runtime.local
  if (swarm.snapshots.isReplaying) {
    if (runtime.replayUnder === src) runtime.replayUnder = to
  } else if (runtime.source !== to) displaySource(store, to)
}

/**
 * While behind, the live feed's console lines and error events are kept for Go live (true: kept
 * here, the console shows the history's own).
 */
export function keepWhileBehind(
  store: SwarmStore,
  e: { message: Message } | { error: ErrorEvent },
): boolean {
  const saved = store.runtime.liveConsole
  if (!store.swarm.history.active || !saved) return false
  if ('message' in e) {
    saved.messages.push({ ...e.message })
    if (saved.messages.length > MESSAGE_CAP) saved.messages.splice(0, 1)
  } else {
    // as pushLiveError (swarmStore.ts): the alert line, then the error event
    const { errorCode, message, timestamp } = e.error
    const text = `[ERROR ${errorCode}] ${message}`
    const id = `u${++store.counters.messageSeq}`
    saved.messages.push({ id, type: 'alert', text, timestamp })
    if (saved.messages.length > MESSAGE_CAP) saved.messages.splice(0, 1)
    saved.errors.push({ ...e.error })
    if (saved.errors.length > RECENT_ERRORS_CAP) saved.errors.splice(0, 1)
  }
  return true
}

/**
 * Open a shared moment link's `at`: shown paused when the server still keeps it; otherwise the
 * live swarm stays, with a one-line notice (and a console note) saying why.
 */
export async function openMomentLink(
  store: SwarmStore,
  at: number,
  read = fetchHistoryRange,
): Promise<void> {
  const range = await refreshHistoryRange(store, read)
  const h = store.swarm.history
  const when = new Date(at).toLocaleString()
  let notice: string | null = null
  if (!range) notice = `The shared moment (${when}) cannot be shown: history is unavailable`
  else if (range.oldest === null || range.newest === null) {
    notice = `The shared moment (${when}) cannot be shown: nothing is recorded yet`
  } else if (at < range.oldest || at > range.newest + 1000) {
    notice = `The shared moment (${when}) is no longer kept: showing the live swarm`
  }
  if (notice) {
    h.notice = notice
    console.info(`[history] ?at=${at}: ${notice}`)
    return
  }
  openMoment(store, at)
}
