import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { glass } from '../../ui/glass'
import { useSnapshot } from 'valtio'
import { selectAgent } from '../../state/swarmStore'
import { shortName } from './agentText'
import { POPUP_INITIAL, POPUP_ROWS, popupDismiss, popupDueIn, popupStep } from './errorPopup'
import { IconButton } from './OverlayPanel'
import { useSwarmStore } from '../../state/swarmStoreContext'

const Box = styled.section`
  pointer-events: auto;
  width: min(420px, 100%);
  background: rgba(30, 6, 10, 0.9);
  border: 1px solid rgba(255, 77, 94, 0.65);
  border-radius: ${(p) => p.theme.radius};
  box-shadow: 0 0 18px rgba(255, 77, 94, 0.25);
  ${glass}
  color: ${(p) => p.theme.color.text};
  font-size: 12px;
`
const Head = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 6px 10px;
  border-bottom: 1px solid rgba(255, 77, 94, 0.35);
  h2 {
    margin: 0;
    font-size: 11px;
    font-weight: 600;
    letter-spacing: 0.14em;
    color: ${(p) => p.theme.color.red};
  }
`
const Body = styled.div`
  padding: 8px 10px 10px;
  display: flex;
  flex-direction: column;
  gap: 6px;
`
const Errors = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 8px;
    padding: 2px 0;
  }
  code {
    color: ${(p) => p.theme.color.amber};
    font-family: inherit;
  }
  /* an error whose agent has recovered: no longer an alarm */
  li[data-resolved='true'] {
    color: ${(p) => p.theme.color.muted};
  }
  li[data-resolved='true'] code {
    color: ${(p) => p.theme.color.muted};
  }
  small {
    flex-shrink: 0;
    color: ${(p) => p.theme.color.green};
    font-size: 10px;
    letter-spacing: 0.08em;
  }
`
const More = styled.p`
  margin: 0;
  color: ${(p) => p.theme.color.muted};
  font-size: 11px;
`

/**
 * PRODUCT.md §2 error detection popup: shows 1 s after failures exist while the network is active,
 * lists the latest errors, dismissable (the page does not render it on mobile).
 */
export function ErrorPopup() {
  const store = useSwarmStore()
  const s = useSnapshot(store.swarm)
  const failing = s.failingCount
  const active = s.isActive
  const [state, setState] = useState(POPUP_INITIAL)
  const [seen, setSeen] = useState({ failing: -1, active })

  // GOTCHA: the rules run during render (derived state), not in an effect, so the 1 s starts at the
  // render that first shows the failure; a passive effect may run a task later.
  if (seen.failing !== failing || seen.active !== active) {
    setSeen({ failing, active })
    setState(popupStep(state, { failing, active, now: Date.now() }))
  }

  const pending = state.phase === 'pending'
  useEffect(() => {
    if (!pending) return
    // The delay is measured from `since`, whenever this effect happens to run.
    const h = setTimeout(
      () => setState((st) => popupStep(st, { failing, active, now: Date.now() })),
      popupDueIn(state, Date.now()) ?? 0,
    )
    return () => clearTimeout(h)
  }, [pending, state, failing, active])

  const dismiss = () => setState((st) => popupDismiss(st, failing))

  if (state.phase !== 'shown') return null
  const failingIds = new Set(s.failingAgents)
  const errors = s.recentErrors.slice(-POPUP_ROWS).reverse()
  const earlier = s.recentErrors.length - errors.length
  return (
    <Box aria-label="Error detection">
      <Head>
        <h2>⚠ Error Detection</h2>
        <IconButton onClick={dismiss}>Dismiss</IconButton>
      </Head>
      <Body>
        <div role="alert">
          {failing > 0
            ? `${failing} agent${failing === 1 ? '' : 's'} failing. Automatic recovery in progress.`
            : 'All agents restored to operational status.'}
        </div>
        {errors.length > 0 && (
          <Errors aria-label={failing > 0 ? 'Latest errors' : 'Resolved errors'}>
            {errors.map((e) => (
              <li key={e.id} data-resolved={!failingIds.has(e.agentId)}>
                <span>
                  <code>[{e.errorCode}]</code> {shortName(e.agentId)}: {e.message}
                </span>
                {!failingIds.has(e.agentId) && <small>RESTORED</small>}
                {failingIds.has(e.agentId) && (
                  <IconButton
                    aria-label={`Inspect agent ${shortName(e.agentId)}`}
                    onClick={() => selectAgent(store, e.agentId)}
                  >
                    ›
                  </IconButton>
                )}
              </li>
            ))}
          </Errors>
        )}
        {earlier > 0 && (
          <More>
            {earlier} earlier error{earlier === 1 ? '' : 's'} in the activity console.
          </More>
        )}
      </Body>
    </Box>
  )
}
