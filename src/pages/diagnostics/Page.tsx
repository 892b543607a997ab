import styled, { useTheme } from 'styled-components'
import { Button } from '../../ui/Button'
import { ErrorBoundary } from '../../ui/ErrorBoundary'
import { ErrorText, Held, LoadingText, PageLayout } from '../../ui/Page'
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
/** The loading line over the list's hidden shape (the panel keeps the loaded list's height). */
const Loading = styled.div`
  position: relative;
  & > ${LoadingText} {
    position: absolute;
    top: 0;
    left: 0;
  }
`
/** Every button of the hidden shape disabled: none is ever focused or pressed. */
const SHAPE_BUSY = { id: '', op: 'diagnose' } as const
const noRun = () => {}

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
        {/* GOTCHA: while the list loads (1.5 s) both panels hold the loaded list's shape, hidden:
            the overall panel coming in above the list moved it down by its height, a layout shift
            of 0.5 on a phone (docs/ARCHITECTURE.md, "Layout shifts") */}
        {d.components ? (
          <OverallPanel components={d.components} />
        ) : (
          <Held as="div">
            <OverallPanel components={d.shape} />
          </Held>
        )}
        <Panel title="Component Status">
          {d.components === null ? (
            <Loading>
              <LoadingText role="status">Loading component status...</LoadingText>
              <Held as="div">
                <ComponentTable rows={d.shape} busy={SHAPE_BUSY} run={noRun} />
              </Held>
            </Loading>
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
