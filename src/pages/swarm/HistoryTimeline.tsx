import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import {
  goLive,
  liveNow,
  refreshHistoryRange,
  seekHistory,
  setHistoryPlaying,
  setHistorySpeed,
  stepHistory,
} from '../../state/historyStore'
import { whenContentPresented } from '../../scene/contentShown'
import { historyClipSource } from '../../state/clip/historyClipSource'
import type { ClipSource } from '../../state/clip/clipSource'
import { REPLAY_SPEEDS } from '../../state/swarmStore'
import { useSwarmStore } from '../../state/swarmStoreContext'
import { useCopyState } from '../../ui/CopyButton'
import { toast } from '../../ui/toastStore'
import { ClipExportSlot } from './ClipExportSlot'
import { usePolled } from './hooks'
import { IconButton, OverlayFrame } from './OverlayPanel'
import { minutesSeconds } from './statusWords'
import {
  behindWords,
  clockText,
  fractionAt,
  keyTarget,
  timeAtFraction,
  timelineSpan,
  type TimelineZoom,
} from './timeline'
import { momentLink } from './viewUrl'

/** The recorded range is read again this often while the timeline is shown. */
const RANGE_POLL_MS = 5_000
/** The first range read waits at most this long for the page's first content to reach the screen. */
const FIRST_READ_MAX_WAIT_MS = 2_000
/** A drag seeks at most this often (a seek out of the frames in hand is a request). */
const DRAG_SEEK_MS = 120

const Frame = styled(OverlayFrame)`
  grid-area: timeline;
  padding: 6px 8px;
  gap: 6px;
`
const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  min-width: 0;
  font-size: 11px;
  button[aria-pressed='true'] {
    background: rgba(0, 240, 200, 0.22);
    border-color: ${(p) => p.theme.color.accent};
  }
`
/** The transport row wraps (phones) rather than squeeze the moment's time out of sight. */
const Transport = styled(Row)`
  flex-wrap: wrap;
  row-gap: 4px;
`
const When = styled.span`
  color: ${(p) => p.theme.color.text};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  min-width: 0;
  flex: 1 1 104px;
`
const Problem = styled.span`
  color: ${(p) => p.theme.color.amber};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  min-width: 0;
  flex: 1 1 104px;
`
const Track = styled.div`
  position: relative;
  flex: 1;
  min-width: 80px;
  height: 28px;
  cursor: pointer;
  touch-action: none;
  border-radius: ${(p) => p.theme.radius};
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.color.accent};
    outline-offset: 1px;
  }
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.5;
  }
`
const Rail = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  top: 12px;
  height: 4px;
  border-radius: 2px;
  background: ${(p) => p.theme.color.border};
`
const Recorded = styled.div`
  position: absolute;
  top: 12px;
  height: 4px;
  border-radius: 2px;
  background: rgba(0, 240, 200, 0.35);
`
const Thumb = styled.div`
  position: absolute;
  top: 4px;
  width: 4px;
  height: 20px;
  margin-left: -2px;
  border-radius: 2px;
  background: ${(p) => p.theme.color.accent};
  box-shadow: 0 0 8px ${(p) => p.theme.color.accent};
`
const NoticeLine = styled.div`
  pointer-events: auto;
  display: flex;
  align-items: center;
  gap: 8px;
  max-width: 100%;
  padding: 4px 8px;
  font-size: 11px;
  color: ${(p) => p.theme.color.amber};
  background: rgba(0, 0, 0, 0.6);
  border: 1px solid currentColor;
  border-radius: ${(p) => p.theme.radius};
  span {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`
/** Where the clip export's button goes. */
const ExportSlot = styled.span`
  display: contents;
`

/** Transport glyphs as SVG (the terminal font has no media-control characters). */
function Glyph({ d }: { d: string }) {
  return (
    <svg width="12" height="12" viewBox="0 0 14 14" aria-hidden="true" fill="currentColor">
      <path d={d} />
    </svg>
  )
}
const BACK = 'M3 2h2v10H3zM13 2v10L6 7z'
const PLAY = 'M4 2v10l8-5z'
const PAUSE = 'M3 2h3v10H3zM8 2h3v10H8z'
const FORWARD = 'M9 2h2v10H9zM1 2v10l7-5z'

/**
 * The recorded range, read once the page's first content is on screen (at once after that) and
 * every RANGE_POLL_MS; the feed's now, every second. The range is not part of the first screen:
 * its request, its schema's chunk and the history's own made a chain of three requests on the
 * first paint's path (docs/ARCHITECTURE.md, "The scene never blocks a page").
 */
function useHistoryClock() {
  const store = useSwarmStore()
  useEffect(() => {
    let live = true
    void whenContentPresented(FIRST_READ_MAX_WAIT_MS).then(
      () => live && void refreshHistoryRange(store),
    )
    const h = setInterval(() => void refreshHistoryRange(store), RANGE_POLL_MS)
    return () => {
      live = false
      clearInterval(h)
    }
  }, [store])
  return usePolled(() => liveNow(store), 1000, store)
}

/** Share moment: copies the link to the moment shown (with the view), PRODUCT.md §9 COPIED. */
function ShareMoment() {
  const store = useSwarmStore()
  const { state, copy } = useCopyState(2000)
  const onClick = () =>
    copy(momentLink(store), () =>
      toast({
        title: 'Could not copy the moment',
        description: 'The browser refused the clipboard. Copy the address bar instead.',
        variant: 'destructive',
      }),
    )
  return (
    <IconButton aria-label="Share moment" data-share-moment onClick={onClick}>
      <span aria-live="polite">
        {state === 'copied' ? 'COPIED' : state === 'failed' ? 'FAILED' : 'SHARE'}
      </span>
    </IconButton>
  )
}

/**
 * Export clip: the export dialog over the recorded span as it stands when pressed (the range is
 * read again first), by default the 10 s before the moment on screen. ARCHITECTURE.md "Clip export".
 */
function ExportClip({ disabled }: { disabled: boolean }) {
  const store = useSwarmStore()
  const [source, setSource] = useState<ClipSource | null>(null)
  const [opening, setOpening] = useState(false)
  const onClick = async () => {
    setOpening(true)
    await refreshHistoryRange(store)
    setOpening(false)
    const src = historyClipSource(store)
    if (src) setSource(src)
    else toast({ title: 'No clip to export', description: 'Nothing is recorded yet.' })
  }
  return (
    <>
      <IconButton
        aria-label="Export clip"
        title="Export clip"
        data-history-export-clip
        disabled={disabled || opening}
        onClick={() => void onClick()}
      >
        CLIP
      </IconButton>
      {source && <ClipExportSlot source={source} onClose={() => setSource(null)} />}
    </>
  )
}

type HistorySnap = ReturnType<
  typeof useSnapshot<ReturnType<typeof useSwarmStore>['swarm']>
>['history']

/** Step, play/pause, speed, what is shown, the zoom, Share moment, the export slot, Go live. */
function TransportRow({
  h,
  zoom,
  setZoom,
}: {
  h: HistorySnap
  zoom: TimelineZoom
  setZoom: (z: TimelineZoom) => void
}) {
  const store = useSwarmStore()
  const recorded = h.range !== null && h.range.oldest !== null
  const nextSpeed = REPLAY_SPEEDS[(REPLAY_SPEEDS.indexOf(h.speed) + 1) % REPLAY_SPEEDS.length]!
  const problem =
    h.error ??
    h.rangeError ??
    (h.range && !recorded ? 'History unavailable: nothing recorded yet' : null)
  return (
    <Transport>
      <IconButton
        aria-label="Step back"
        disabled={!recorded}
        onClick={() => stepHistory(store, -1)}
      >
        <Glyph d={BACK} />
      </IconButton>
      <IconButton
        aria-label={h.playing ? 'Pause' : 'Play'}
        disabled={!h.active}
        onClick={() => setHistoryPlaying(store, !h.playing)}
      >
        <Glyph d={h.playing ? PAUSE : PLAY} />
      </IconButton>
      <IconButton
        aria-label="Step forward"
        disabled={!h.active}
        onClick={() => stepHistory(store, 1)}
      >
        <Glyph d={FORWARD} />
      </IconButton>
      <IconButton
        aria-label={`Speed ${h.speed}×: change to ${nextSpeed}×`}
        onClick={() => setHistorySpeed(store, nextSpeed)}
      >
        {h.speed}×
      </IconButton>
      {problem ? (
        <Problem role="alert">{problem}</Problem>
      ) : (
        <When data-history-when>
          {h.active
            ? `${clockText(h.at)} · −${minutesSeconds(h.behindMs)}${h.loading ? ' · LOADING…' : ''}`
            : 'LIVE'}
        </When>
      )}
      {/* the name starts with the visible text (WCAG 2.5.3, label in name), then what a press does */}
      <IconButton
        aria-label={
          zoom === '10m' ? '10 MIN: show the last 24 hours' : '24 H: show the last 10 minutes'
        }
        onClick={() => setZoom(zoom === '10m' ? '24h' : '10m')}
      >
        {zoom === '10m' ? '10 MIN' : '24 H'}
      </IconButton>
      <ShareMoment />
      <ExportSlot data-export-clip-slot>
        <ExportClip disabled={!recorded} />
      </ExportSlot>
      <IconButton aria-label="Go live" disabled={!h.active} onClick={() => goLive(store)}>
        GO LIVE
      </IconButton>
    </Transport>
  )
}

/** The track: a slider over the span, dragged with mouse or touch, stepped with the keys. */
function TrackRow({ h, zoom, now }: { h: HistorySnap; zoom: TimelineZoom; now: number }) {
  const store = useSwarmStore()
  const dragging = useRef(false)
  const drag = useRef<{ target: number; timer: ReturnType<typeof setTimeout> | null }>({
    target: 0,
    timer: null,
  })
  const r = h.range
  const span = timelineSpan(zoom, now, r?.oldest ?? null)
  const recorded = r !== null && r.oldest !== null
  const at = h.active ? h.at : now
  // the first point at once, then the newest point every DRAG_SEEK_MS while the pointer moves
  const seekAt = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect()
    const d = drag.current
    d.target = timeAtFraction((e.clientX - box.left) / box.width, span)
    if (d.timer !== null) return
    seekHistory(store, d.target)
    const target = d.target
    d.timer = setTimeout(() => {
      d.timer = null
      if (d.target !== target) seekHistory(store, d.target)
    }, DRAG_SEEK_MS)
  }
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!recorded) return
    e.currentTarget.setPointerCapture(e.pointerId)
    dragging.current = true
    setHistoryPlaying(store, false)
    seekAt(e)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!recorded || !r) return
    const target = keyTarget(e.key, { at, span, zoom, ...r })
    if (target === null) return
    e.preventDefault()
    setHistoryPlaying(store, false)
    if (target === 'live') goLive(store)
    else seekHistory(store, target)
  }
  const end = () => (dragging.current = false)
  return (
    <Row>
      <Track
        role="slider"
        tabIndex={0}
        aria-label="Moment of the live swarm"
        aria-valuemin={span.start}
        aria-valuemax={span.end}
        aria-valuenow={Math.round(at)}
        aria-valuetext={h.active ? `${clockText(at)}, ${behindWords(h.behindMs)}` : 'Live'}
        aria-disabled={!recorded}
        aria-busy={h.loading}
        onPointerDown={onPointerDown}
        onPointerMove={(e) => dragging.current && seekAt(e)}
        onPointerUp={end}
        onPointerCancel={end}
        onKeyDown={onKeyDown}
      >
        <Rail />
        {recorded && (
          <Recorded
            style={{
              left: `${fractionAt(r.oldest!, span) * 100}%`,
              right: `${(1 - fractionAt(now, span)) * 100}%`,
            }}
          />
        )}
        <Thumb style={{ left: `${fractionAt(at, span) * 100}%` }} />
      </Track>
    </Row>
  )
}

function TimelineBody() {
  const store = useSwarmStore()
  const h = useSnapshot(store.swarm).history
  const now = useHistoryClock()
  const [zoom, setZoom] = useState<TimelineZoom>('10m')
  return (
    <Frame as="section" aria-label="Timeline" data-history-timeline>
      <TransportRow h={h} zoom={zoom} setZoom={setZoom} />
      <TrackRow h={h} zoom={zoom} now={now} />
    </Frame>
  )
}

/**
 * The live history's timeline under the scene (live mode only): drag back to any recorded
 * moment (mouse, touch, or the keyboard on the slider), play at 0.5–4×, step one tick, Go live,
 * Share moment, Export clip. docs/ARCHITECTURE.md "History source and timeline".
 */
export function HistoryTimeline() {
  const s = useSnapshot(useSwarmStore().swarm)
  if (!s.history.active && (s.source !== 'live' || s.snapshots.isReplaying)) return null
  return <TimelineBody />
}

/** A shared moment that could not be shown: one line, dismissable. */
export function MomentNotice() {
  const store = useSwarmStore()
  const notice = useSnapshot(store.swarm).history.notice
  if (!notice) return null
  return (
    <NoticeLine role="status" data-moment-notice>
      <span>{notice}</span>
      <IconButton aria-label="Dismiss" onClick={() => (store.swarm.history.notice = null)}>
        ×
      </IconButton>
    </NoticeLine>
  )
}
