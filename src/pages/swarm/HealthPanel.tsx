import styled from 'styled-components'
import { useSnapshot } from 'valtio'

import { OverlayPanel } from './OverlayPanel'
import { TONE_HEX, loadBarTone } from './ratings'
import { useSwarmStore } from '../../state/swarmStoreContext'

const Grid = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 6px;
`
const Cell = styled.div`
  padding: 5px 7px;
  border: 1px solid rgba(255, 255, 255, 0.06);
  border-radius: ${(p) => p.theme.radius};
  dt {
    font-size: 10px;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: ${(p) => p.theme.color.muted};
  }
  dd {
    margin: 0;
    display: flex;
    justify-content: space-between;
    font-size: 13px;
    font-variant-numeric: tabular-nums;
  }
`
const TREND = {
  up: { icon: '▲', label: 'rising' },
  down: { icon: '▼', label: 'falling' },
  stable: { icon: '■', label: 'stable' },
} as const

/** Memory and Processing are loads: coloured by the PRODUCT.md §9 load-bar thresholds. */
function valueColor(name: string, value: string): string | undefined {
  if (name !== 'Memory' && name !== 'Processing') return undefined
  const tone = loadBarTone(parseFloat(value))
  return tone === 'accent' ? undefined : TONE_HEX[tone]
}

/** PRODUCT.md §2 system-health panel: the PRODUCT.md §3 health items with their trends. */
export function HealthPanel() {
  const store = useSwarmStore()
  const { health } = useSnapshot(store.swarm)
  return (
    <OverlayPanel title="System Health" testId="health-panel">
      <Grid>
        {health.map((h) => (
          <Cell key={h.name}>
            <dt>{h.name}</dt>
            <dd>
              <span style={{ color: valueColor(h.name, h.value) }}>{h.value}</span>
              <span
                title={TREND[h.trend].label}
                aria-label={`trend ${TREND[h.trend].label}`}
                style={{
                  color:
                    h.trend === 'stable'
                      ? undefined
                      : h.trend === 'up'
                        ? TONE_HEX.green
                        : TONE_HEX.amber,
                }}
              >
                {TREND[h.trend].icon}
              </span>
            </dd>
          </Cell>
        ))}
      </Grid>
    </OverlayPanel>
  )
}
