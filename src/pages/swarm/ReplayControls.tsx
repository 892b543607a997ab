import { useState } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { replayClipSource } from '../../state/clip/clipSource'
import {
  REPLAY_SPEEDS,
  exitReplay,
  scrubReplay,
  setReplaySpeed,
  stepReplay,
  toggleReplayPause,
} from '../../state/swarmStore'
import { ClipExportSlot } from './ClipExportSlot'
import { IconButton } from './OverlayPanel'
import { useSwarmStore } from '../../state/swarmStoreContext'

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px;
  border: 1px solid ${(p) => p.theme.color.borderStrong};
  border-radius: ${(p) => p.theme.radius};
  background: rgba(0, 240, 200, 0.06);
`
const Status = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 6px;
  font-size: 11px;
  color: ${(p) => p.theme.color.accent};
  letter-spacing: 0.08em;
  span:last-child {
    color: ${(p) => p.theme.color.text};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  align-items: center;
  button {
    font-size: 11px;
  }
  button[aria-pressed='true'] {
    background: rgba(0, 240, 200, 0.22);
    border-color: ${(p) => p.theme.color.accent};
  }
`
const Scrub = styled.input`
  width: 100%;
  margin: 0;
`

/** Transport glyphs as SVG: the terminal font has no media-control characters. */
function Icon({ kind }: { kind: 'back' | 'play' | 'pause' | 'forward' }) {
  const d = {
    back: 'M3 2h2v10H3zM13 2v10L6 7z',
    play: 'M4 2v10l8-5z',
    pause: 'M3 2h3v10H3zM8 2h3v10H8z',
    forward: 'M9 2h2v10H9zM1 2v10l7-5z',
  }[kind]
  return (
    <svg width="12" height="12" viewBox="0 0 14 14" aria-hidden="true" fill="currentColor">
      <path d={d} />
    </svg>
  )
}

/** "Export clip" and its dialog, over the replay as it stands when pressed. */
function ExportClip() {
  const store = useSwarmStore()
  const [source, setSource] = useState<ReturnType<typeof replayClipSource> | null>(null)
  return (
    <>
      <IconButton onClick={() => setSource(replayClipSource(store))}>Export clip</IconButton>
      {source && <ClipExportSlot source={source} onClose={() => setSource(null)} />}
    </>
  )
}

/**
 * Replay transport: play/pause, step, speed 0.5/1/2/4×, scrub, export a clip, exit
 * (ARCHITECTURE.md §7, "Clip export").
 */
export function ReplayControls() {
  const store = useSwarmStore()
  const m = useSnapshot(store.swarm).snapshots
  const count = m.snapshots.length
  const current = m.snapshots[m.currentReplayIndex]
  return (
    <Box role="group" aria-label="Replay controls">
      <Status>
        <span>
          REPLAY {m.currentReplayIndex + 1} / {count}
          {m.isReplayPaused ? ' · PAUSED' : ''}
        </span>
        <span>{current?.name}</span>
      </Status>
      <Scrub
        type="range"
        aria-label="Replay position"
        min={0}
        max={Math.max(0, count - 1)}
        step={1}
        value={m.currentReplayIndex}
        onChange={(e) => scrubReplay(store, Number(e.currentTarget.value))}
      />
      <Buttons>
        <IconButton
          aria-label="Step back"
          onClick={() => stepReplay(store, -1)}
          disabled={m.currentReplayIndex <= 0}
        >
          <Icon kind="back" />
        </IconButton>
        <IconButton
          aria-label={m.isReplayPaused ? 'Play replay' : 'Pause replay'}
          onClick={() => toggleReplayPause(store)}
        >
          <Icon kind={m.isReplayPaused ? 'play' : 'pause'} />
        </IconButton>
        <IconButton
          aria-label="Step forward"
          onClick={() => stepReplay(store, 1)}
          disabled={m.currentReplayIndex >= count - 1}
        >
          <Icon kind="forward" />
        </IconButton>
        <div role="group" aria-label="Replay speed" style={{ display: 'flex', gap: 4 }}>
          {REPLAY_SPEEDS.map((sp) => (
            <IconButton
              key={sp}
              aria-pressed={m.replaySpeed === sp}
              onClick={() => setReplaySpeed(store, sp)}
            >
              {sp}×
            </IconButton>
          ))}
        </div>
        <ExportClip />
        <IconButton onClick={() => exitReplay(store)} style={{ marginLeft: 'auto' }}>
          Exit replay
        </IconButton>
      </Buttons>
    </Box>
  )
}
