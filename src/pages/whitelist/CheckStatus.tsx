import styled from 'styled-components'
import { cooldownMessage } from '../../contracts/whitelist'
import { Button } from '../../ui/Button'
import { ErrorText } from '../../ui/Page'
import { cooldownLeftS, needsWaitHint, WAIT_HINT } from './cooldown'
import { useNow } from '../../ui/useNow'
import { lastCheckOf, useWhitelistCheck } from './whitelistCheck'

const Foot = styled.div`
  margin-top: 16px;
  display: flex;
  flex-direction: column;
  gap: 10px;
`
const Hint = styled.p`
  margin: 0;
  color: ${(p) => p.theme.color.muted};
  font-size: 12px;
`
const Countdown = styled.p`
  margin: 0;
  color: ${(p) => p.theme.color.muted};
  strong {
    color: ${(p) => p.theme.color.accent};
  }
`

/** Error (with the 'wait' hint), the 30 s countdown, and 'Check Again' once it has run out. */
export function CheckStatus({ address }: { address: string }) {
  const { phase, error, checkAgain } = useWhitelistCheck(address)
  const settled = phase === 'done' || phase === 'error'
  const lastCheck = lastCheckOf(address)
  // Tick every second only while a cooldown may be running.
  const now = useNow(1000, settled && lastCheck !== null)
  const left = settled ? cooldownLeftS(lastCheck, now) : 0
  if (!settled) return null
  return (
    <Foot>
      {/* A cooldown refusal counts down with the clock and goes once 'Check Again' is back. */}
      {phase === 'error' && error && (!needsWaitHint(error) || left > 0) && (
        <div role="alert">
          <ErrorText>{needsWaitHint(error) ? cooldownMessage(left) : error}</ErrorText>
          {needsWaitHint(error) && <Hint style={{ marginTop: 6 }}>{WAIT_HINT}</Hint>}
        </div>
      )}
      {left > 0 ? (
        <Countdown>
          Next check available in <strong>{left}</strong> {left === 1 ? 'second' : 'seconds'}
        </Countdown>
      ) : (
        <div>
          <Button onClick={checkAgain}>Check Again</Button>
        </div>
      )}
    </Foot>
  )
}
