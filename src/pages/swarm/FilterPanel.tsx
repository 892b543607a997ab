import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { filterActive, noFilter, type FilterGroup } from '../../sim/agentFilter'
import { setFilter } from '../../state/swarmStore'
import { useSwarmStore } from '../../state/swarmStoreContext'
import { IconButton, OverlayPanel } from './OverlayPanel'
import {
  FAILING_SWATCH,
  LEGEND_GROUPS,
  failingCount,
  legendEntries,
  showingText,
  toggleFailing,
  toggleValue,
} from './filterLegend'

const Showing = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin: 0 0 4px;
  font-size: 11px;
  letter-spacing: 0.08em;
  color: ${(p) => p.theme.color.text};
  font-variant-numeric: tabular-nums;
`
const Group = styled.div`
  margin-top: 8px;
  h3 {
    margin: 0 0 4px;
    font: inherit;
    font-size: 10.5px;
    letter-spacing: 0.1em;
    text-transform: uppercase;
    color: ${(p) => p.theme.color.muted};
  }
`
const Values = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`
const Toggle = styled.button.attrs({ type: 'button' })`
  display: inline-flex;
  align-items: center;
  gap: 5px;
  min-height: 28px;
  padding: 2px 7px;
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  background: transparent;
  color: ${(p) => p.theme.color.muted};
  font-size: 11px;
  cursor: pointer;
  &:hover {
    border-color: ${(p) => p.theme.color.borderStrong};
  }
  &[aria-pressed='true'] {
    border-color: ${(p) => p.theme.color.accent};
    background: ${(p) => p.theme.color.accentSoft};
    color: ${(p) => p.theme.color.text};
  }
  .count {
    color: ${(p) => p.theme.color.text};
    font-variant-numeric: tabular-nums;
  }
`
const Swatch = styled.span`
  width: 9px;
  height: 9px;
  border-radius: 50%;
  flex-shrink: 0;
  box-shadow: 0 0 4px currentColor;
`

function ValueToggle({
  name,
  color,
  count,
  pressed,
  onToggle,
}: {
  name: string
  color: string
  count: string
  pressed: boolean
  onToggle: () => void
}) {
  return (
    <Toggle aria-pressed={pressed} onClick={onToggle} data-filter-value={name}>
      <Swatch aria-hidden style={{ background: color, color }} />
      <span>{name}</span>
      <span className="count">{count}</span>
    </Toggle>
  )
}

/**
 * FILTER (docs/PRODUCT.md "Swarm Core (/), the main view": exploring the swarm): the legend of
 * every group's values, each a toggle with its colour and live count (the census), how many agents
 * match, and CLEAR. Agents outside the filter are dimmed on the GPU (src/scene/filterUniforms.ts).
 */
export function FilterPanel() {
  const store = useSwarmStore()
  const snap = useSnapshot(store.explore)
  const filter = { ...snap.filter }
  // the census is held by ref: a new one comes with a new censusVersion (read here to re-render)
  const census = snap.censusVersion >= 0 ? store.explore.census : null
  const toggle = (group: FilterGroup, bit: number) =>
    setFilter(store, toggleValue(store.explore.filter, group, bit))
  return (
    <OverlayPanel title="Filter" testId="filter-panel">
      {/* in the panel's body: a dock tab shows no title bar */}
      <Showing>
        <span data-testid="filter-showing" data-census={snap.censusVersion}>
          {showingText(census)}
        </span>
        <IconButton
          disabled={!filterActive(filter)}
          onClick={() => setFilter(store, noFilter())}
          aria-label="Clear the filter"
        >
          CLEAR
        </IconButton>
      </Showing>
      {LEGEND_GROUPS.map(({ group, title, colors }) => (
        <Group key={group} role="group" aria-label={title}>
          <h3>{title}</h3>
          <Values>
            {legendEntries(group, colors, filter, census).map((e) => (
              <ValueToggle key={e.name} {...e} onToggle={() => toggle(group, e.bit)} />
            ))}
          </Values>
        </Group>
      ))}
      <Group role="group" aria-label="Failing">
        <h3>Failing</h3>
        <Values>
          <ValueToggle
            name="failing"
            color={FAILING_SWATCH}
            count={failingCount(census)}
            pressed={filter.failing}
            onToggle={() => setFilter(store, toggleFailing(store.explore.filter))}
          />
        </Values>
      </Group>
    </OverlayPanel>
  )
}
