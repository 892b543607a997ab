import styled from 'styled-components'
import type { WhitelistResult } from '../../contracts/whitelist'
import { Card, CardGrid } from '../../ui/Card'
import { ProgressBar } from '../../ui/ProgressBar'

const Verdict = styled.h2<{ $ok: boolean }>`
  margin: 0;
  font-size: 18px;
  letter-spacing: 0.06em;
  color: ${(p) => (p.$ok ? p.theme.color.green : p.theme.color.red)};
  text-shadow: 0 0 10px ${(p) => (p.$ok ? 'rgba(57, 255, 136, 0.35)' : 'rgba(255, 77, 94, 0.35)')};
`
const Lead = styled.p`
  margin: 6px 0 0;
  color: ${(p) => p.theme.color.muted};
`
const TONES = {
  ok: ['rgba(57, 255, 136, 0.5)', 'rgba(57, 255, 136, 0.06)'],
  short: ['rgba(255, 181, 71, 0.5)', 'rgba(255, 181, 71, 0.06)'],
  info: ['rgba(0, 240, 200, 0.22)', 'rgba(0, 240, 200, 0.03)'],
} as const
const Box = styled.section<{ $tone: keyof typeof TONES }>`
  border: 1px solid ${(p) => TONES[p.$tone][0]};
  background: ${(p) => TONES[p.$tone][1]};
  border-radius: ${(p) => p.theme.radius};
  padding: 12px 14px;
  display: flex;
  flex-direction: column;
  gap: 8px;
`
const BoxTitle = styled.h3`
  margin: 0;
  font-size: 11px;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  color: ${(p) => p.theme.color.muted};
`
const Details = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(130px, 1fr));
  gap: 8px 16px;
  margin: 0;
  dt {
    color: ${(p) => p.theme.color.muted};
    font-size: 10px;
    letter-spacing: 0.1em;
    text-transform: uppercase;
  }
  dd {
    margin: 2px 0 0;
    font-size: 15px;
    color: ${(p) => p.theme.color.text};
  }
`
const Warning = styled.p`
  margin: 0;
  color: ${(p) => p.theme.color.amber};
  font-size: 12px;
`
const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 14px;
`

/**
 * PRODUCT.md §2 result: verdict, Token/Other/Total Score, Whitelist Status box, Scan Details,
 * warning.
 */
export function ResultView({ result }: { result: WhitelistResult }) {
  const ok = result.eligible
  const p = result.pagination
  return (
    <Stack>
      <div>
        <Verdict $ok={ok}>{ok ? "Congratulations! You're Whitelisted" : 'Not Eligible'}</Verdict>
        {!ok && (
          <Lead>Your wallet doesn&apos;t meet the minimum requirements for the whitelist.</Lead>
        )}
      </div>
      <CardGrid $min={150}>
        <Card label="Token Score" value={result.tokenScore} />
        <Card label="Other Score" value={result.otherScore} />
        <Card
          label="Total Score"
          value={result.totalScore}
          tone={ok ? '#39ff88' : undefined}
          foot={`of ${result.minScoreRequired} required`}
        />
      </CardGrid>
      <Box $tone={ok ? 'ok' : 'short'} aria-label="Whitelist Status">
        <BoxTitle>Whitelist Status</BoxTitle>
        <div>
          {ok
            ? 'Your wallet meets the requirements'
            : `Minimum score required: ${result.minScoreRequired}`}
        </div>
        <ProgressBar
          value={Math.min(result.totalScore, result.minScoreRequired)}
          max={Math.max(1, result.minScoreRequired)}
          color={ok ? '#39ff88' : '#ffb547'}
          label="Total score towards the minimum"
        />
      </Box>
      {p && (
        <Box $tone="info" aria-label="Scan Details">
          <BoxTitle>Scan Details</BoxTitle>
          <Details>
            <div>
              <dt>Assets checked</dt>
              <dd>{p.assetsChecked}</dd>
            </div>
            <div>
              <dt>Total assets</dt>
              <dd>{p.totalAssets}</dd>
            </div>
            <div>
              <dt>Pages scanned</dt>
              <dd>{p.pagesChecked}</dd>
            </div>
            <div>
              <dt>Max pages</dt>
              <dd>{p.maxPages}</dd>
            </div>
          </Details>
        </Box>
      )}
      {result.warning && <Warning role="note">{result.warning}</Warning>}
    </Stack>
  )
}
