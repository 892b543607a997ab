import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { ActionBanner } from './ActionBanner'
import { ActivityConsole } from './ActivityConsole'
import { AgentHoverCard } from './AgentHoverCard'
import { ErrorPopup } from './ErrorPopup'
import { FeedConnectionProvider } from './FeedBadge'
import { FilterPanel } from './FilterPanel'
import { FindAgent } from './FindAgent'
import { FollowChip } from './FollowChip'
import { HealthPanel } from './HealthPanel'
import { HistoryTimeline, MomentNotice } from './HistoryTimeline'
import { useSwarmLayout } from './hooks'
import { DesktopLayout, DockLayout } from './Layout'
import { ParameterPanel } from './ParameterPanel'
import { SnapshotPanel } from './SnapshotPanel'
import { StatusPanel } from './StatusPanel'
import { TasksPanel } from './TasksPanel'
import { installTestHook } from './testHook'
import { startViewUrl } from './viewUrl'
import { startCensus } from '../../state/census/censusRunner'
import { startInNextTask } from '../../ui/nextTask'
import { ZoomControls } from './ZoomControls'
import { visuallyHidden } from '../../ui/visuallyHidden'
import { useSwarmStore } from '../../state/swarmStoreContext'
import { useSnapshot } from 'valtio'
import { preloadAfterFirstScreen } from '../../scene/contentShown'
import { useLoaded } from '../../ui/useLoaded'

const loadAgentDetailModal = () => import('./AgentDetailModal').then((m) => m.AgentDetailModal)

/** The longest the agent detail modal's chunk waits for an idle moment after the first screen. */
const MODAL_IDLE_TIMEOUT_MS = 2_000

/**
 * The agent detail modal (Radix Dialog and Tabs) in a chunk of its own: loaded once the first
 * screen is shown and the page is idle, or at once when an agent is selected before that (a
 * shared link with `?agent=`); it opens as the chunk arrives (docs/ARCHITECTURE.md, "Views a
 * first screen does not draw").
 */
function AgentDetailSlot() {
  const store = useSwarmStore()
  const { selectedAgentId } = useSnapshot(store.swarm)
  const [idle, setIdle] = useState(false)
  useEffect(() => preloadAfterFirstScreen(() => setIdle(true), MODAL_IDLE_TIMEOUT_MS), [])
  const AgentDetailModal = useLoaded(loadAgentDetailModal, idle || selectedAgentId !== null)
  return AgentDetailModal && <AgentDetailModal />
}

const Heading = styled.h1`
  ${visuallyHidden}
`

/** What runs while Swarm Core is shown: the test hook, the view in the URL, the census. */
function useSwarmCoreRunning(): void {
  const store = useSwarmStore()
  useEffect(() => installTestHook(store), [store])
  useEffect(() => startViewUrl(store), [store])
  // its first count (and the minimap's and the legend's renders with it) in a task of its own
  useEffect(() => startInNextTask(() => startCensus(store)), [store])
}

/** The dock's tabs on phones. */
function phoneTabs() {
  return [
    { id: 'console', label: 'Console', content: <ActivityConsole mobile /> },
    { id: 'params', label: 'Params', content: <ParameterPanel /> },
    { id: 'filter', label: 'Filter', content: <FilterPanel /> },
    { id: 'tasks', label: 'Tasks', content: <TasksPanel /> },
    { id: 'health', label: 'Health', content: <HealthPanel /> },
    { id: 'snapshots', label: 'Snapshots', content: <SnapshotPanel /> },
  ]
}

/** The dock's tabs on portrait tablets: every panel (the two columns do not fit). */
function tabletTabs() {
  return [
    { id: 'console', label: 'Console', content: <ActivityConsole mobile={false} /> },
    { id: 'status', label: 'Status', content: <StatusPanel /> },
    { id: 'params', label: 'Parameters', content: <ParameterPanel /> },
    { id: 'filter', label: 'Filter', content: <FilterPanel /> },
    { id: 'tasks', label: 'Tasks', content: <TasksPanel /> },
    { id: 'health', label: 'Health', content: <HealthPanel /> },
    { id: 'snapshots', label: 'Snapshots', content: <SnapshotPanel /> },
  ]
}

/**
 * Swarm Core (PRODUCT.md §2 main view): the scene behind the shell is the canvas; this page lays
 * the panels over it, plus the agent hover card and the agent detail modal.
 */
export default function SwarmPage() {
  const layout = useSwarmLayout()
  useSwarmCoreRunning()
  return (
    <FeedConnectionProvider>
      <Heading>Swarm Core</Heading>
      {layout === 'phone' ? (
        <DockLayout
          variant="phone"
          top={
            <>
              <ActionBanner />
              <MomentNotice />
              <FindAgent />
              <FollowChip />
            </>
          }
          zoom={<ZoomControls vertical />}
          timeline={<HistoryTimeline />}
          tabs={phoneTabs()}
        />
      ) : layout === 'tablet' ? (
        // Portrait tablets: the two desktop columns do not fit beside the canvas, so every panel
        // is a dock tab (the status panel and error popup are not mobile-only hidden here).
        <DockLayout
          variant="tablet"
          top={
            <>
              <ActionBanner />
              <MomentNotice />
              <FindAgent />
              <FollowChip />
              <ErrorPopup />
            </>
          }
          zoom={<ZoomControls vertical />}
          timeline={<HistoryTimeline />}
          tabs={tabletTabs()}
        />
      ) : (
        <DesktopLayout
          left={
            <>
              <StatusPanel />
              <ParameterPanel />
            </>
          }
          top={
            <>
              <ActionBanner />
              <MomentNotice />
              <FindAgent />
              <FollowChip />
              <ErrorPopup />
            </>
          }
          right={
            <>
              <TasksPanel />
              <HealthPanel />
              <SnapshotPanel />
              <FilterPanel />
            </>
          }
          console={<ActivityConsole mobile={false} />}
          zoom={<ZoomControls vertical />}
          timeline={<HistoryTimeline />}
        />
      )}
      <AgentHoverCard />
      <AgentDetailSlot />
    </FeedConnectionProvider>
  )
}
