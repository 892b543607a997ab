import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { FOLLOW_ZOOM } from '../../scene/camera/camera'
import { followAgent } from '../../state/cameraStore'

import { HOVER_HINT_TEXT, countText, modeTexts, networkBarPercent, shortName } from './agentText'
import { usePolled } from './hooks'
import { HOVER_CARD_MAX_WIDTH, placeHoverCard } from './hoverCard'
import { TONE_HEX, efficiencyFraction, hoverEnergyTone } from './ratings'
import { displayedAgent } from './swarmReadings'
import { useEasedNumber } from './useEasedNumber'
import { useSwarmStore } from '../../state/swarmStoreContext'

const Card = styled.div`
  position: fixed;
  left: 0;
  top: 0;
  z-index: ${(p) => p.theme.layer.overlay};
  width: max-content;
  max-width: ${HOVER_CARD_MAX_WIDTH}px;
  min-width: 200px;
  padding: 9px 11px;
  pointer-events: none;
  background: rgba(4, 12, 19, 0.95);
  border: 1px solid ${(p) => p.theme.color.borderStrong};
  border-radius: ${(p) => p.theme.radius};
  box-shadow: 0 0 18px rgba(0, 240, 200, 0.18);
  font-size: 11.5px;
  display: flex;
  flex-direction: column;
  gap: 5px;
`
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  strong {
    color: ${(p) => p.theme.color.accent};
    letter-spacing: 0.1em;
    white-space: nowrap;
  }
  span {
    font-size: 10px;
    text-transform: uppercase;
    letter-spacing: 0.08em;
    color: ${(p) => p.theme.color.muted};
    white-space: nowrap;
  }
`
const Mode = styled.div`
  b {
    margin-right: 6px;
    font-weight: 400;
    font-size: 10px;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
`
const Line = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 10px;
  span:first-child {
    color: ${(p) => p.theme.color.muted};
    font-size: 10px;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
  span:last-child {
    font-variant-numeric: tabular-nums;
  }
`
const Track = styled.div`
  height: 4px;
  border-radius: 999px;
  background: rgba(255, 255, 255, 0.08);
  overflow: hidden;
  div {
    height: 100%;
    border-radius: inherit;
  }
`
const Hint = styled.div`
  margin-top: 2px;
  padding-top: 5px;
  border-top: 1px solid ${(p) => p.theme.color.border};
  color: ${(p) => p.theme.color.accent};
  font-size: 10px;
  letter-spacing: 0.1em;
`

const Keys = styled.div`
  color: ${(p) => p.theme.color.muted};
  font-size: 10px;
  letter-spacing: 0.06em;
  kbd {
    padding: 0 4px;
    border: 1px solid ${(p) => p.theme.color.border};
    border-radius: 3px;
    font-family: inherit;
    color: ${(p) => p.theme.color.text};
  }
`

/** The hover card's keys: F follows the hovered agent, Z zooms to it (not while typing). */
function useFollowKeys(agentId: string) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.repeat) return
      const t = e.target
      if (t instanceof HTMLElement && (t.isContentEditable || t.closest('input, textarea, select')))
        return
      const key = e.key.toLowerCase()
      if (key !== 'f' && key !== 'z') return
      e.preventDefault()
      followAgent(agentId, key === 'z' ? FOLLOW_ZOOM : null)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [agentId])
}

/**
 * PRODUCT.md §2 agent hover card at store.swarm.hoverInfo.position (≤ 260 px, kept inside the
 * viewport).
 */
export function AgentHoverCard() {
  const store = useSwarmStore()
  const { hoverInfo, selectedAgentId } = useSnapshot(store.swarm)
  if (!hoverInfo || selectedAgentId !== null) return null
  return <HoverCard agentId={hoverInfo.agentId} x={hoverInfo.position.x} y={hoverInfo.position.y} />
}

// eslint-disable-next-line max-lines-per-function -- 87 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
function HoverCard({ agentId, x, y }: { agentId: string; x: number; y: number }) {
  const store = useSwarmStore()
  const agent = usePolled(() => displayedAgent(store, agentId), 250, agentId)
  const ref = useRef<HTMLDivElement>(null)
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null)
  const energy = useEasedNumber(agent?.energyLevel ?? 0)
  useFollowKeys(agentId)

  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const r = el.getBoundingClientRect()
    const next = placeHoverCard(
      { x, y },
      { width: r.width, height: r.height },
      { width: window.innerWidth, height: window.innerHeight },
    )
    setPos((p) => (p && p.left === next.left && p.top === next.top ? p : next))
  }, [x, y, agent])

  if (!agent) return null
  const tone = TONE_HEX[hoverEnergyTone(energy)]
  const net = networkBarPercent(agent.connections)
  const status = agent.failing ? 'failing' : agent.status
  const statusColor = agent.failing
    ? TONE_HEX.red
    : agent.status === 'active'
      ? TONE_HEX.green
      : agent.status === 'processing'
        ? TONE_HEX.blue
        : undefined
  return (
    <Card
      ref={ref}
      role="tooltip"
      aria-label={`Agent ${shortName(agent.id)}`}
      data-testid="agent-hover-card"
      style={{
        transform: `translate(${pos?.left ?? x}px, ${pos?.top ?? y}px)`,
        visibility: pos ? 'visible' : 'hidden',
      }}
    >
      <Head>
        <strong>AGENT {shortName(agent.id).toUpperCase()}</strong>
        <span>{agent.type}</span>
      </Head>
      <Mode>
        <b style={{ color: statusColor }}>{status}</b>
        <span>{modeTexts(agent.mode).text}</span>
      </Mode>
      <Line>
        <span>Energy</span>
        <span style={{ color: tone }} data-testid="hover-energy">
          {energy.toFixed(1)}%
        </span>
      </Line>
      <Track>
        <div style={{ width: `${energy}%`, background: tone }} />
      </Track>
      <Line>
        <span>Network</span>
        <span>{countText(agent.connections, 'connection')}</span>
      </Line>
      <Track
        role="progressbar"
        aria-label="Network"
        aria-valuemin={0}
        aria-valuemax={10}
        aria-valuenow={agent.connections}
      >
        <div
          data-testid="hover-network-bar"
          style={{ width: `${net}%`, background: TONE_HEX.blue }}
        />
      </Track>
      <Line>
        <span>Processing</span>
        <span>{agent.processingPower.toFixed(1)} TF/s</span>
      </Line>
      <Line>
        <span>Efficiency</span>
        <span>{(efficiencyFraction(agent.efficiency) * 100).toFixed(1)}%</span>
      </Line>
      <Keys>
        <kbd>F</kbd> follow · <kbd>Z</kbd> zoom to agent
      </Keys>
      <Hint>{HOVER_HINT_TEXT}</Hint>
    </Card>
  )
}
