/**
 * The swarm store as the live feed's target: frames go through the store's live-feed hooks
 * (src/state/swarmStore.ts), positions are interpolated straight into the displayed buffers.
 */
import type { Agent, MessageType, Task } from '../sim'
import { AGENT_TYPE_NAMES, MODE_NAMES, STATUS_NAMES } from '../sim/types'
import {
  appendMessage,
  applyLiveError,
  applyLiveMessage,
  applyLiveMetrics,
  applyLiveState,
  applyLiveTasks,
  revertToSimulatedData,
  runtime,
  setPaused,
  swarm,
} from '../state/swarmStore'
import type { LiveFeedTarget } from './liveFeed'
import type { WireAgent, WireTask } from './protocol'

const MESSAGE_TYPES: readonly MessageType[] = ['system', 'node', 'task', 'alert', 'analysis']

const pick = <T extends string>(names: readonly T[], v: string, fallback: T): T =>
  names.includes(v as T) ? (v as T) : fallback

function toAgent(a: WireAgent, failing: ReadonlySet<string>): Agent {
  return {
    ...a,
    target: { x: a.target?.x ?? a.x, y: a.target?.y ?? a.y },
    mode: pick(MODE_NAMES, String(a.mode), 'explore'),
    type: pick(AGENT_TYPE_NAMES, String(a.type), 'other'),
    status: pick(STATUS_NAMES, String(a.status), 'other'),
    failing: failing.has(a.id),
  }
}

const toTask = (t: WireTask): Task => ({
  name: t.name,
  progress: t.progress,
  status: t.status === 'pending' ? 'pending' : 'active',
})

export function swarmStoreTarget(): LiveFeedTarget {
  let holding = false
  return {
    buffers: () => swarm.buffers,
    applyState(st) {
      const failing = new Set(st.failingAgents ?? [])
      applyLiveState({
        agents: st.agents.map((a) => toAgent(a, failing)),
        metrics: st.metrics,
        ...(st.world ? { world: st.world } : {}),
      })
      if (st.tasks) applyLiveTasks(st.tasks.map(toTask))
      if (holding) {
        holding = false
        setPaused(false)
      }
    },
    touched() {
      swarm.version++
    },
    applyMetrics: (m) => applyLiveMetrics(m),
    applyTasks: (t) => applyLiveTasks(t.map(toTask)),
    applyMessage: (m) =>
      applyLiveMessage({
        id: m.id,
        type: pick(MESSAGE_TYPES, m.type, 'system'),
        text: m.text,
        timestamp: m.timestamp,
      }),
    applyError: (e) => applyLiveError({ ...e }),
    recovered(id) {
      const live = runtime.liveSim
      const i = live ? live.indexOfId(id) : -1
      if (live && i >= 0) live.recoverAgent(i, false)
    },
    log: (type, text) => void appendMessage(type, text),
    setActionText(text) {
      swarm.actionText = text
    },
    setSource(source) {
      if (source === 'live') {
        // ?feed=live: hold the local sim still until the server's state arrives.
        if (swarm.source !== 'live') {
          holding = true
          setPaused(true)
        }
        return
      }
      if (holding) {
        holding = false
        setPaused(false)
      }
      if (swarm.source === 'live') revertToSimulatedData()
    },
  }
}
