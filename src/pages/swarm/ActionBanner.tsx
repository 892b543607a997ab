import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { toggleActive } from '../../state/swarmStore'
import { FeedBadge } from './FeedBadge'
import { useSwarmStore } from '../../state/swarmStoreContext'

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 8px;
`
const Banner = styled.p<{ $active: boolean }>`
  pointer-events: auto;
  margin: 0;
  padding: 4px 12px;
  min-height: 26px;
  display: flex;
  align-items: center;
  border: 1px solid ${(p) => (p.$active ? p.theme.color.borderStrong : 'rgba(255, 181, 71, 0.55)')};
  border-radius: ${(p) => p.theme.radius};
  background: rgba(3, 10, 16, 0.8);
  color: ${(p) => (p.$active ? p.theme.color.accent : p.theme.color.amber)};
  font-size: 11px;
  letter-spacing: 0.16em;
  text-align: center;
  text-shadow: 0 0 8px currentColor;
`
const Switch = styled.button.attrs({ type: 'button' })`
  pointer-events: auto;
  display: inline-flex;
  align-items: center;
  gap: 8px;
  height: 26px;
  padding: 0 10px 0 6px;
  border-radius: 999px;
  border: 1px solid ${(p) => p.theme.color.border};
  background: rgba(0, 0, 0, 0.55);
  color: ${(p) => p.theme.color.text};
  font-size: 10px;
  letter-spacing: 0.12em;
  cursor: pointer;
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  span {
    position: relative;
    width: 26px;
    height: 14px;
    border-radius: 999px;
    background: rgba(255, 181, 71, 0.35);
    transition: background 0.2s;
  }
  span::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${(p) => p.theme.color.amber};
    transition: transform 0.2s;
  }
  &[aria-checked='true'] span {
    background: rgba(57, 255, 136, 0.3);
  }
  &[aria-checked='true'] span::after {
    transform: translateX(12px);
    background: ${(p) => p.theme.color.green};
  }
`

/** PRODUCT.md §2 action-text banner, §4 active/standby control and the feed badge, in one row. */
export function ActionBanner() {
  const store = useSwarmStore()
  const { actionText, isActive, controllable } = useSnapshot(store.swarm)
  return (
    <Bar>
      <Banner $active={isActive} aria-live="polite" data-testid="action-text">
        {actionText}
      </Banner>
      <Switch
        role="switch"
        aria-checked={isActive}
        aria-label="Swarm active"
        disabled={!controllable}
        title={
          controllable ? undefined : "The live swarm is the server's: simulate locally to change it"
        }
        onClick={() => toggleActive(store)}
      >
        <span aria-hidden="true" />
        {isActive ? 'ACTIVE' : 'STANDBY'}
      </Switch>
      <FeedBadge />
    </Bar>
  )
}
