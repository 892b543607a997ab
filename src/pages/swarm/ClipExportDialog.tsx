import { useId, useState, type ChangeEvent, type ReactNode } from 'react'
import styled from 'styled-components'
import {
  CLIP_FPS,
  MAX_CLIP_MS,
  clipFrameCount,
  formatClipSeconds,
  type ClipFps,
  type ClipRange,
} from '../../state/clip/clipRange'
import type { ClipSource } from '../../state/clip/clipSource'
import { useSwarmStore } from '../../state/swarmStoreContext'
import { Button } from '../../ui/Button'
import { Modal, ModalDescription, ModalTitle } from '../../ui/Modal'
import { ProgressBar } from '../../ui/ProgressBar'
import { TextInput } from '../../ui/TextInput'
import { useSwarmLayout } from './hooks'
import { useClipExport, type ClipPhase } from './useClipExport'

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px;
  font-size: 12px;
`
const Fields = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    flex: 1 1 120px;
    color: ${(p) => p.theme.color.muted};
  }
  label > span:last-child {
    color: ${(p) => p.theme.color.text};
    overflow-wrap: anywhere;
  }
`
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  button[aria-pressed='true'] {
    background: rgba(0, 240, 200, 0.22);
    border-color: ${(p) => p.theme.color.accent};
  }
`
const Note = styled.p<{ $error?: boolean }>`
  margin: 0;
  color: ${(p) => (p.$error ? p.theme.color.red : p.theme.color.muted)};
  overflow-wrap: anywhere;
`
const Actions = styled(Row)`
  justify-content: flex-end;
`

const seconds = (ms: number) => String(Math.round(ms / 100) / 10)

/** One bound of the range as a seconds field: typed freely, clamped when it leaves the field. */
function BoundField({
  label,
  valueMs,
  maxMs,
  reading,
  disabled,
  onCommit,
}: {
  label: string
  valueMs: number
  maxMs: number
  reading: string
  disabled: boolean
  onCommit: (ms: number) => void
}) {
  const [text, setText] = useState<string | null>(null)
  const readingId = useId()
  const commit = () => {
    if (text !== null && text.trim() !== '') onCommit(Number(text) * 1000)
    setText(null)
  }
  return (
    <label>
      {label}
      <TextInput
        type="number"
        inputMode="decimal"
        min={0}
        max={maxMs / 1000}
        step={0.1}
        value={text ?? seconds(valueMs)}
        disabled={disabled}
        aria-describedby={readingId}
        onChange={(e: ChangeEvent<HTMLInputElement>) => setText(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit()
        }}
      />
      <span id={readingId}>{reading}</span>
    </label>
  )
}

function PhaseNote({ phase }: { phase: ClipPhase }) {
  switch (phase.kind) {
    case 'running':
      return (
        <>
          <ProgressBar value={phase.done} max={Math.max(1, phase.total)} label="Clip progress" />
          <Note role="status">
            {phase.total ? `Frame ${phase.done} of ${phase.total}` : 'Preparing the encoder…'}
          </Note>
        </>
      )
    case 'saved':
      return (
        <Note role="status">
          Saved {phase.name} ({(phase.bytes / 1024 / 1024).toFixed(1)} MB)
        </Note>
      )
    case 'cancelled':
      return <Note role="status">Cancelled: no clip was saved.</Note>
    case 'failed':
      return (
        <Note role="alert" $error>
          Export failed: {phase.message}
        </Note>
      )
    default:
      return null
  }
}

/** The frame rates as toggle buttons, and what the clip will be beside them. */
function FrameRate({
  fps,
  onChange,
  disabled,
  children,
}: {
  fps: ClipFps
  onChange: (fps: ClipFps) => void
  disabled: boolean
  children: ReactNode
}) {
  return (
    <Row role="group" aria-label="Frame rate">
      {CLIP_FPS.map((f) => (
        <Button
          key={f}
          $size="sm"
          $variant="ghost"
          aria-pressed={fps === f}
          disabled={disabled}
          onClick={() => onChange(f)}
        >
          {f} fps
        </Button>
      ))}
      <Note data-testid="clip-summary">{children}</Note>
    </Row>
  )
}

/** What the clip will be: length, frames, size. */
function summary(range: ClipRange, fps: number, size: { width: number; height: number } | null) {
  const frames = clipFrameCount(range, fps)
  const px = size ? ` · ${size.width}×${size.height}` : ''
  return `${formatClipSeconds(range.endMs - range.startMs)} · ${frames} frames${px}`
}

/**
 * The clip export dialog (ARCHITECTURE.md "Clip export"): a range of `source` (up to 60 s), a frame
 * rate, Export with a progress bar and Cancel; a browser that cannot encode says so instead.
 * Closing it while a clip renders cancels the clip.
 */
export function ClipExportDialog({ source, onClose }: { source: ClipSource; onClose: () => void }) {
  const store = useSwarmStore()
  const phone = useSwarmLayout() === 'phone'
  const clip = useClipExport(store, source)
  const { range, phase, support } = clip
  const running = phase.kind === 'running'
  const reading = (ms: number) => `${formatClipSeconds(ms)} · ${source.describe(ms)}`
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} width={440} compact={phone}>
      <Body>
        <ModalTitle>Export clip</ModalTitle>
        <ModalDescription>
          {source.label} ({formatClipSeconds(source.durationMs)}) as a WebM video of up to{' '}
          {MAX_CLIP_MS / 1000} s, drawn frame by frame.
        </ModalDescription>
        <Fields>
          <BoundField
            label="Start (s)"
            valueMs={range.startMs}
            maxMs={source.durationMs}
            reading={reading(range.startMs)}
            disabled={running}
            onCommit={(startMs) => clip.setRange({ ...range, startMs })}
          />
          <BoundField
            label="End (s)"
            valueMs={range.endMs}
            maxMs={source.durationMs}
            reading={reading(range.endMs)}
            disabled={running}
            onCommit={(endMs) => clip.setRange({ ...range, endMs })}
          />
        </Fields>
        <FrameRate fps={clip.fps} onChange={clip.setFps} disabled={running}>
          {summary(range, clip.fps, clip.size)}
          {support?.ok ? ` · ${support.codec.toUpperCase()}` : ''}
        </FrameRate>
        {support && !support.ok && (
          <Note role="alert" $error>
            {support.message}
          </Note>
        )}
        <PhaseNote phase={phase} />
        <Actions>
          {running ? (
            <Button $variant="danger" onClick={clip.cancel}>
              Cancel
            </Button>
          ) : (
            <Button onClick={() => void clip.start()} disabled={!support?.ok}>
              Export
            </Button>
          )}
          <Button $variant="ghost" onClick={onClose}>
            Close
          </Button>
        </Actions>
      </Body>
    </Modal>
  )
}
