import styled from 'styled-components'
import type { Agent } from '../../sim'
import { ProgressBar } from '../../ui/ProgressBar'
import {
  CONTROL_SHARE,
  DATA_SHARE,
  ENERGY_CAPACITY_TEXT,
  ENERGY_REGEN_TEXT,
  connectionSplit,
  coordinatesText,
  coreSplit,
  countText,
  modeTexts,
} from './agentText'
import {
  PANEL_THREAT,
  THREAT_TONE,
  TIER_TONE,
  TONE_HEX,
  efficiencyFraction,
  efficiencyTier,
  modalEnergyTone,
  threatLevel,
} from './ratings'
import { Sparkline } from './Sparkline'
import { lastActiveText } from './time'

const Grid = styled.div<{ $compact: boolean }>`
  display: grid;
  grid-template-columns: ${(p) => (p.$compact ? '1fr' : '1fr 1fr')};
  gap: 10px;
  padding-top: 10px;
`
const Section = styled.section<{ $wide?: boolean }>`
  grid-column: ${(p) => (p.$wide ? '1 / -1' : 'auto')};
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  padding: 10px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 10.5px;
    font-weight: 400;
    letter-spacing: 0.14em;
    text-transform: uppercase;
    color: ${(p) => p.theme.color.accent};
  }
`
const Metric = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
`
const Line = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: 8px;
  font-size: 12px;
  & > span:first-child {
    color: ${(p) => p.theme.color.muted};
    font-size: 10.5px;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
  & > span:last-child,
  & > strong {
    font-variant-numeric: tabular-nums;
    text-align: right;
  }
`
const Small = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(90px, 1fr));
  gap: 6px;
  font-size: 10.5px;
  color: ${(p) => p.theme.color.muted};
  b {
    display: block;
    font-weight: 400;
    color: ${(p) => p.theme.color.text};
    font-size: 11.5px;
  }
`
const Params = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  font-size: 12px;
  dt {
    color: ${(p) => p.theme.color.muted};
    font-size: 10.5px;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`
const Objective = styled.div`
  font-size: 13px;
  color: ${(p) => p.theme.color.text};
`
const Detail = styled.div`
  font-size: 11.5px;
  color: ${(p) => p.theme.color.muted};
`

/**
 * The status tab: system metrics, agent parameters and current objectives (PRODUCT.md §2, §4, §9).
 */
// eslint-disable-next-line max-lines-per-function -- 151 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function AgentStatusTab({
  agent,
  nowMs,
  compact,
  spinner,
}: {
  agent: Agent
  nowMs: number
  compact: boolean
  spinner: string
}) {
  const energyColor = TONE_HEX[modalEnergyTone(agent.energyLevel)]
  const fraction = efficiencyFraction(agent.efficiency)
  const percent = fraction * 100
  const tier = efficiencyTier(fraction)
  const split = connectionSplit(agent.connections)
  const cores = coreSplit(agent.processingPower)
  const threat = threatLevel(PANEL_THREAT.value, PANEL_THREAT.max)
  const mode = modeTexts(agent.mode)
  return (
    <Grid $compact={compact} data-testid="agent-status-grid" data-columns={compact ? 1 : 2}>
      <Section aria-label="System metrics">
        <h3>System Metrics</h3>
        <Metric>
          <Line>
            <span>Energy level</span>
            <strong style={{ color: energyColor }} data-testid="modal-energy">
              {agent.energyLevel.toFixed(1)}%
            </strong>
          </Line>
          <ProgressBar
            value={agent.energyLevel}
            color={energyColor}
            label="Energy level"
            height={5}
          />
          <Small>
            <div>
              Regeneration<b>{ENERGY_REGEN_TEXT}</b>
            </div>
            <div>
              Capacity<b>{ENERGY_CAPACITY_TEXT}</b>
            </div>
          </Small>
        </Metric>
        <Metric>
          <Line>
            <span>Processing power</span>
            <strong>{agent.processingPower.toFixed(1)} TF/s</strong>
          </Line>
          <ProgressBar
            value={agent.processingPower}
            label="Processing power"
            height={5}
            color={TONE_HEX.blue}
          />
          <Small>
            {cores.map((c, i) => (
              <div key={i}>
                Core {i + 1} · 33.3%<b>{c.toFixed(1)} TF/s</b>
              </div>
            ))}
          </Small>
        </Metric>
        <Metric>
          <Line>
            <span>Efficiency</span>
            <strong>
              {percent.toFixed(1)}% <span style={{ color: TONE_HEX[TIER_TONE[tier]] }}>{tier}</span>
            </strong>
          </Line>
          <Sparkline agentId={agent.id} percent={percent} color={TONE_HEX[TIER_TONE[tier]]} />
        </Metric>
        <Metric>
          <Line>
            <span>Network</span>
            <strong>{countText(agent.connections, 'connection')}</strong>
          </Line>
          <Small>
            <div>
              Data · {DATA_SHARE}%<b>{countText(split.data, 'link')}</b>
            </div>
            <div>
              Control · {CONTROL_SHARE}%<b>{countText(split.control, 'link')}</b>
            </div>
          </Small>
        </Metric>
        <Metric>
          <Line>
            <span>Threat level</span>
            <strong style={{ color: TONE_HEX[THREAT_TONE[threat]] }}>{threat}</strong>
          </Line>
          <ProgressBar
            value={PANEL_THREAT.value}
            max={PANEL_THREAT.max}
            label="Threat level"
            height={5}
            color={TONE_HEX[THREAT_TONE[threat]]}
          />
        </Metric>
      </Section>
      <Section aria-label="Agent parameters">
        <h3>Agent Parameters</h3>
        <Params>
          <dt>Agent ID</dt>
          <dd>{agent.id}</dd>
          <dt>Type</dt>
          <dd>{agent.type}</dd>
          <dt>Status</dt>
          <dd>
            {agent.failing ? 'failing' : agent.status}
            {agent.status === 'processing' && (
              <span
                aria-hidden="true"
                data-testid="processing-spinner"
                data-phase={spinner}
                style={{ marginLeft: 6 }}
              >
                {spinner === 'a' ? '◐' : '◓'}
              </span>
            )}
          </dd>
          <dt>Mode</dt>
          <dd>{agent.mode}</dd>
          <dt>Position</dt>
          <dd>{coordinatesText(agent)}</dd>
          <dt>Velocity</dt>
          <dd>
            {agent.speedX.toFixed(2)}, {agent.speedY.toFixed(2)}
          </dd>
          <dt>Size</dt>
          <dd>{agent.size.toFixed(1)}</dd>
          <dt>Pulse rate</dt>
          <dd>{agent.pulseRate.toFixed(1)}</dd>
          <dt>Glow</dt>
          <dd>{agent.glow ? 'ON' : 'OFF'}</dd>
          <dt>Last active</dt>
          <dd data-testid="last-active">{lastActiveText(nowMs - agent.lastActiveTime)}</dd>
        </Params>
      </Section>
      <Section $wide aria-label="Current objectives">
        <h3>Current Objectives</h3>
        <Objective>{mode.text}</Objective>
        <Detail>
          {mode.detail}
          {agent.mode === 'target' && ` · target ${coordinatesText(agent.target)}`}
        </Detail>
      </Section>
    </Grid>
  )
}
