import { useEffect, useReducer } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { selectAgent, swarm } from '../../state/swarmStore'
import { shortName } from './agentText'
import {
  POPUP_INITIAL,
  popupDismiss,
  popupDueIn,
  popupStep,
  type PopupInput,
  type PopupState,
} from './errorPopup'
import { IconButton } from './OverlayPanel'

const Box = styled.section`
  pointer-events: auto;
  width: min(420px, 100%);
  background: rgba(30, 6, 10, 0.9);
  border: 1px solid rgba(255, 77, 94, 0.65);
  border-radius: ${(p) => p.theme.radius};
  box-shadow: 0 0 18px rgba(255, 77, 94, 0.25);
  backdrop-filter: blur(6px);
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
  max-height: 96px;
  overflow-y: auto;
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
`

type Action = { kind: 'input'; input: PopupInput } | { kind: 'dismiss'; failing: number }

function reduce(s: PopupState, a: Action): PopupState {
  return a.kind === 'input' ? popupStep(s, a.input) : popupDismiss(s, a.failing)
}

/**
 * §2 error detection popup: shows 1 s after failures exist while the network is active, lists the
 * latest errors, dismissable (the page does not render it on mobile).
 */
export function ErrorPopup() {
  const s = useSnapshot(swarm)
  const failing = s.failingCount
  const active = s.isActive
  const [state, dispatch] = useReducer(reduce, POPUP_INITIAL)

  useEffect(() => {
    dispatch({ kind: 'input', input: { failing, active, now: Date.now() } })
  }, [failing, active])

  const due = popupDueIn(state, Date.now())
  useEffect(() => {
    if (due === null) return
    const h = setTimeout(
      () => dispatch({ kind: 'input', input: { failing, active, now: Date.now() } }),
      due,
    )
    return () => clearTimeout(h)
  }, [due, failing, active])

  if (state.phase !== 'shown') return null
  const failingIds = new Set(s.failingAgents)
  const errors = s.recentErrors.slice(-6).reverse()
  return (
    <Box aria-label="Error detection">
      <Head>
        <h2>⚠ Error Detection</h2>
        <IconButton onClick={() => dispatch({ kind: 'dismiss', failing })}>Dismiss</IconButton>
      </Head>
      <Body>
        <div role="alert">
          {failing > 0
            ? `${failing} agent${failing === 1 ? '' : 's'} failing. Automatic recovery in progress.`
            : 'All agents restored to operational status.'}
        </div>
        {errors.length > 0 && (
          <Errors aria-label="Latest errors">
            {errors.map((e) => (
              <li key={e.id}>
                <span>
                  <code>[{e.errorCode}]</code> {shortName(e.agentId)}: {e.message}
                </span>
                {failingIds.has(e.agentId) && (
                  <IconButton
                    aria-label={`Inspect agent ${shortName(e.agentId)}`}
                    onClick={() => selectAgent(e.agentId)}
                  >
                    ›
                  </IconButton>
                )}
              </li>
            ))}
          </Errors>
        )}
      </Body>
    </Box>
  )
}
