import styled, { useTheme } from 'styled-components'
import { Button } from '../../ui/Button'
import { ErrorBoundary } from '../../ui/ErrorBoundary'
import { ErrorText, LoadingText, PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'
import { countByStatus, overallStatus, type ComponentHealth } from './diagnosticsData'
import { ComponentTable, DiagnosticsLog } from './DiagnosticsViews'
import { useDiagnostics } from './useDiagnostics'

const Overall = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 6px 16px;
`
const OverallText = styled.p<{ $color: string }>`
  margin: 0;
  font-size: 20px;
  font-weight: 600;
  letter-spacing: 0.06em;
  color: ${(p) => p.$color};
  text-shadow: 0 0 10px currentColor;
`
const Counts = styled.p`
  margin: 0;
  color: ${(p) => p.theme.color.muted};
  font-size: 12px;
`
const AlertBar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 12px;
  border: 1px solid ${(p) => p.theme.color.red};
  background: rgba(60, 8, 16, 0.85);
  border-radius: ${(p) => p.theme.radius};
  color: ${(p) => p.theme.color.red};
`

function OverallPanel({ components }: { components: ComponentHealth[] }) {
  const theme = useTheme()
  const text = overallStatus(components)
  const n = countByStatus(components)
  const color =
    n.failed > 0 ? theme.color.red : n.degraded > 0 ? theme.color.yellow : theme.color.green
  return (
    <Panel title="System Status">
      <Overall>
        <OverallText $color={color} data-testid="overall-status">
          {text}
        </OverallText>
        <Counts>
          {n.operational} operational · {n.degraded} degraded · {n.failed} failed
        </Counts>
      </Overall>
    </Panel>
  )
}

/** Diagnostics: component status with Diagnose/Repair (one at a time), overall text, a log. */
export default function DiagnosticsPage() {
  const d = useDiagnostics()
  return (
    <PageLayout
      title="Diagnostics"
      subtitle="Component health and repair"
      actions={
        <Button onClick={d.fullScan} disabled={d.components === null || d.busy !== null}>
          Run Full Scan
        </Button>
      }
    >
      <ErrorBoundary
        fallback={(e, retry) => (
          <Panel title="Diagnostics" role="alert">
            <ErrorText>Diagnostics view failed: {e.message}</ErrorText>
            <p>
              <Button onClick={retry}>Retry</Button>
            </p>
          </Panel>
        )}
      >
        {d.alert && (
          <AlertBar role="alert">
            <span>{d.alert}</span>
            <Button $size="sm" $variant="danger" onClick={d.dismissAlert}>
              Dismiss
            </Button>
          </AlertBar>
        )}
        {d.components && <OverallPanel components={d.components} />}
        <Panel title="Component Status">
          {d.components === null ? (
            <LoadingText role="status">Loading component status...</LoadingText>
          ) : (
            <ComponentTable rows={d.components} busy={d.busy} run={d.run} />
          )}
        </Panel>
        <Panel title="Diagnostics Log">
          <DiagnosticsLog entries={d.log} />
        </Panel>
      </ErrorBoundary>
    </PageLayout>
  )
}
