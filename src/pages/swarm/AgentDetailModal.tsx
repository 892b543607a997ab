import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { FOLLOW_ZOOM } from '../../scene/camera/camera'
import { followAgent } from '../../state/cameraStore'
import { selectAgent } from '../../state/swarmStore'
import { Badge, type Tone as BadgeTone } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { Modal, ModalClose, ModalTitle } from '../../ui/Modal'
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs'
import { MODAL_VERSION_TEXT, MODULE_PENDING_TEXT, SPINNER_TOGGLE_MS, shortName } from './agentText'
import { AgentStatusTab } from './AgentStatusTab'
import { useIsMobile, usePolled, useToggle } from './hooks'
import { TIER_TONE, TONE_HEX, efficiencyFraction, efficiencyTier } from './ratings'
import { displayedAgent, swarmNowMs } from './swarmReadings'
import { useSwarmStore } from '../../state/swarmStoreContext'
import type { SwarmStore } from '../../state/swarmStore'

const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 10px;
  padding: 12px 14px 10px;
  border-bottom: 1px solid ${(p) => p.theme.color.border};
`
const Titles = styled.div`
  flex: 1 1 240px;
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`
const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`
/* On a phone the buttons wrap below the title instead of squeezing it to one word a line. */
const Side = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  flex-shrink: 0;
  small {
    color: ${(p) => p.theme.color.dim};
    font-size: 10px;
    letter-spacing: 0.1em;
  }
`
const Body = styled.div`
  padding: 8px 14px 14px;
`
const Pending = styled.p`
  margin: 0;
  padding: 28px 8px;
  text-align: center;
  color: ${(p) => p.theme.color.muted};
`

/** Closes the modal and hands the camera to the agent (FollowChip shows it; a pan or zoom ends it). */
function follow(store: SwarmStore, id: string, zoom: number | null) {
  followAgent(id, zoom)
  selectAgent(store, null)
}

const STATUS_TONE: Record<string, BadgeTone> = {
  active: 'green',
  idle: 'muted',
  processing: 'blue',
}
/**
 * PRODUCT.md §2 tabs status, tasks, network, resources: named alike, capitalised (the tab bar shows
 * caps).
 */
const OTHER_TABS = [
  ['tasks', 'Tasks'],
  ['network', 'Network'],
  ['resources', 'Resources'],
] as const

/**
 * PRODUCT.md §2 agent detail modal for store.swarm.selectedAgentId (Radix Dialog: outside click,
 * Escape, CLOSE).
 */
export function AgentDetailModal() {
  const store = useSwarmStore()
  const { selectedAgentId } = useSnapshot(store.swarm)
  const compact = useIsMobile()
  return (
    <Modal
      open={selectedAgentId !== null}
      onOpenChange={(open) => {
        if (!open) selectAgent(store, null)
      }}
      width={820}
      compact={compact}
    >
      {selectedAgentId !== null && <AgentDetail id={selectedAgentId} compact={compact} />}
    </Modal>
  )
}

// eslint-disable-next-line max-lines-per-function -- 82 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
function AgentDetail({ id, compact }: { id: string; compact: boolean }) {
  const store = useSwarmStore()
  const reading = usePolled(
    () => ({ agent: displayedAgent(store, id), now: swarmNowMs(store) }),
    500,
    id,
  )
  const agent = reading.agent
  const phase = useToggle(agent?.status === 'processing', SPINNER_TOGGLE_MS)
  const spinner = phase ? 'b' : 'a'

  if (!agent) {
    return (
      <>
        <Head>
          <ModalTitle>Agent {shortName(id).toUpperCase()}</ModalTitle>
          <Side>
            <small>{MODAL_VERSION_TEXT}</small>
            <ModalClose asChild>
              <Button $size="sm">Close</Button>
            </ModalClose>
          </Side>
        </Head>
        <Body>
          <Pending role="alert">Agent {id} is no longer part of the swarm.</Pending>
        </Body>
      </>
    )
  }

  const tier = efficiencyTier(efficiencyFraction(agent.efficiency))
  const status = agent.failing ? 'failing' : agent.status
  return (
    <>
      <Head>
        <Titles>
          <ModalTitle>Agent {shortName(agent.id).toUpperCase()} · Detailed Analysis</ModalTitle>
          <Badges>
            <Badge $tone="purple">{agent.type}</Badge>
            <Badge
              $tone={agent.failing ? 'red' : (STATUS_TONE[agent.status] ?? 'muted')}
              data-testid="modal-status"
            >
              {agent.status === 'processing' && (
                <span aria-hidden="true" data-phase={spinner}>
                  {spinner === 'a' ? '◐' : '◓'}
                </span>
              )}
              {status}
            </Badge>
            <Badge style={{ color: TONE_HEX[TIER_TONE[tier]] }}>{tier}</Badge>
          </Badges>
        </Titles>
        <Side>
          <small>{MODAL_VERSION_TEXT}</small>
          <Button $size="sm" $variant="ghost" onClick={() => follow(store, agent.id, null)}>
            Follow
          </Button>
          <Button $size="sm" $variant="ghost" onClick={() => follow(store, agent.id, FOLLOW_ZOOM)}>
            Zoom to agent
          </Button>
          <ModalClose asChild>
            <Button $size="sm">Close</Button>
          </ModalClose>
        </Side>
      </Head>
      <Body>
        <Tabs defaultValue="status">
          <TabList aria-label="Agent detail sections">
            <Tab value="status">Status</Tab>
            {OTHER_TABS.map(([value, name]) => (
              <Tab key={value} value={value}>
                {name}
              </Tab>
            ))}
          </TabList>
          <TabPanel value="status">
            <AgentStatusTab agent={agent} nowMs={reading.now} compact={compact} spinner={spinner} />
          </TabPanel>
          {OTHER_TABS.map(([value]) => (
            <TabPanel key={value} value={value}>
              <Pending>{MODULE_PENDING_TEXT}</Pending>
            </TabPanel>
          ))}
        </Tabs>
      </Body>
    </>
  )
}
