import styled from 'styled-components'
import { useSnapshot } from 'valtio'

import { Badge } from '../../ui/Badge'
import { ProgressBar } from '../../ui/ProgressBar'
import { OverlayPanel } from './OverlayPanel'
import { stackList } from '../../ui/stackList'
import { useSwarmStore } from '../../state/swarmStoreContext'

const List = styled.ul`
  ${stackList(8)}
`
const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 6px;
  font-size: 11.5px;
  margin-bottom: 3px;
  span:last-child {
    display: flex;
    gap: 6px;
    align-items: center;
    font-variant-numeric: tabular-nums;
  }
`

/** PRODUCT.md §2 current-tasks panel: PRODUCT.md §3 tasks with progress and status. */
export function TasksPanel() {
  const store = useSwarmStore()
  const { tasks } = useSnapshot(store.swarm)
  return (
    <OverlayPanel title="Current Tasks" testId="tasks-panel">
      {tasks.length === 0 ? (
        <p style={{ margin: 0 }}>No tasks scheduled.</p>
      ) : (
        <List>
          {tasks.map((t) => (
            <li key={t.name}>
              <Head>
                <span>{t.name}</span>
                <span>
                  {Math.round(t.progress)}%
                  <Badge $tone={t.status === 'active' ? 'green' : 'amber'}>{t.status}</Badge>
                </span>
              </Head>
              <ProgressBar
                value={t.progress}
                label={`${t.name} progress`}
                height={4}
                color={t.status === 'active' ? '#00f0c8' : '#ffb547'}
              />
            </li>
          ))}
        </List>
      )}
    </OverlayPanel>
  )
}
