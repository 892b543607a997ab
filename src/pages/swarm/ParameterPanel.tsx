import { useId } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { backToLive, setParameter, setSpeed, simulateLocally } from '../../state/swarmStore'
import { feedModeFrom, feedStatus } from '../../feed/liveFeed'
import { Button } from '../../ui/Button'
import { Held } from '../../ui/Page'
import { OverlayPanel } from './OverlayPanel'
import { useFeedConnection } from './FeedBadge'
import { dataSourceText, shownSwarm } from './statusWords'
import { useSwarmStore } from '../../state/swarmStoreContext'

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`
const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  label {
    display: flex;
    justify-content: space-between;
    font-size: 11px;
    color: ${(p) => p.theme.color.muted};
    letter-spacing: 0.05em;
  }
  output {
    color: ${(p) => p.theme.color.text};
    font-variant-numeric: tabular-nums;
  }
  input[type='range'] {
    width: 100%;
    margin: 0;
    height: 18px;
    cursor: pointer;
  }
  input[type='range']:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`
const Source = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 6px;
  font-size: 11px;
  letter-spacing: 0.05em;
  color: ${(p) => p.theme.color.muted};
  strong {
    color: ${(p) => p.theme.color.text};
    font-weight: normal;
  }
  p {
    flex-basis: 100%;
    margin: 0;
  }
`

function Slider({
  name,
  value,
  min,
  max,
  color,
  unit,
  disabled,
  onChange,
}: {
  name: string
  value: number
  min: number
  max: number
  color: string
  unit: string
  disabled: boolean
  onChange: (v: number) => void
}) {
  const id = useId()
  return (
    <Field>
      <label htmlFor={id}>
        <span>{name}</span>
        <output htmlFor={id}>
          {Math.round(value)}
          {unit}
        </output>
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        disabled={disabled}
        style={{ accentColor: color }}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
    </Field>
  )
}

/** The live row's button, laid out and never seen (ui/Page.tsx, Held). */
function LiveButtonHeld() {
  return (
    <Held>
      <Button $size="sm" tabIndex={-1}>
        Simulate locally
      </Button>
    </Held>
  )
}

const LIVE_NOTE = 'Server values, read-only: the live swarm is shared by every visitor.'
const CONNECTING_NOTE = 'Connecting to the live swarm: its values show here once it answers.'

/** Both sentences in one cell: the note takes the taller one's place whichever shows. */
const Note = styled.p`
  display: grid;
  & > span {
    grid-area: 1 / 1;
  }
  & > span + span {
    visibility: hidden;
  }
`

/**
 * The live row's note, one element from the first paint on: it says the feed is connecting until
 * its first state, then what live mode means. Its text changes in place (a note that appeared
 * with the first state was the desktop page's largest text, so its largest paint waited for the
 * socket; docs/ARCHITECTURE.md, "First load").
 */
function LiveNote({ live }: { live: boolean }) {
  return (
    <Note data-testid="live-note">
      <span>{live ? LIVE_NOTE : CONNECTING_NOTE}</span>
      <span aria-hidden="true">{live ? CONNECTING_NOTE : LIVE_NOTE}</span>
    </Note>
  )
}

/**
 * DATA SOURCE, and the live-mode control rule: the live swarm is the server's, shared by every
 * visitor, so its values are shown read-only; "Simulate locally" forks it into a local simulation
 * where every control works, "Back to live" shows the server's swarm again.
 */
function SourceRow() {
  const store = useSwarmStore()
  const s = useSnapshot(store.swarm)
  const connection = useFeedConnection()
  // The connection as it is now, not as the badge last polled it (a second late at most): the
  // row's shape follows the socket. A retry is scheduled while attempts > 0; closed with 0
  // attempts, the feed has given up.
  const feed = useSnapshot(feedStatus)
  const label = dataSourceText(shownSwarm(s), connection)
  const live = s.source === 'live' && !s.snapshots.isReplaying
  const forked = s.source === 'sim' && s.liveAvailable && !s.snapshots.isReplaying
  // Until the live feed's first state (the default feed), the live row's shape is held: the
  // sliders below do not jump 84 px when it arrives (docs/ARCHITECTURE.md, "First load"), nor
  // between failed attempts while the feed retries. Once it has given up, the row goes: the
  // page runs its own simulation for good.
  const awaitingLive =
    s.source === 'sim' &&
    !s.liveAvailable &&
    !s.snapshots.isReplaying &&
    feedModeFrom(window.location.search) !== 'sim' &&
    (feed.state !== 'closed' || feed.attempts > 0)
  return (
    <Source>
      <span>
        Data source: <strong data-testid="parameter-data-source">{label}</strong>
      </span>
      {awaitingLive && <LiveButtonHeld />}
      {live && (
        <Button $size="sm" onClick={() => simulateLocally(store)}>
          Simulate locally
        </Button>
      )}
      {forked && (
        <Button $size="sm" $variant="ghost" onClick={() => backToLive(store)}>
          Back to live
        </Button>
      )}
      {(awaitingLive || live) && <LiveNote live={live} />}
    </Source>
  )
}

/**
 * PRODUCT.md §2 parameter panel: the PRODUCT.md §3 swarm parameters and the movement speed as
 * sliders on the sim.
 */
export function ParameterPanel() {
  const store = useSwarmStore()
  const { parameters, speed, controllable } = useSnapshot(store.swarm)
  return (
    <OverlayPanel title="Swarm Parameters" testId="parameter-panel">
      <List>
        <SourceRow />
        {parameters.map((p) => (
          <Slider
            key={p.name}
            name={p.name}
            value={p.value}
            min={p.min}
            max={p.max}
            color={p.color}
            unit="%"
            disabled={!controllable}
            onChange={(v) => setParameter(store, p.name, v)}
          />
        ))}
        <Slider
          name="Swarm Speed"
          value={speed}
          min={1}
          max={10}
          color="#00f0c8"
          unit=""
          disabled={!controllable}
          onChange={(v) => setSpeed(store, v)}
        />
      </List>
    </OverlayPanel>
  )
}
