/**
 * Snapshot manager and replay (§3, DESIGN.md §4). Take / rename / describe / delete snapshots;
 * replay them in order at 0.5/1/2/4× (one snapshot per REPLAY_STEP_MS at 1×), pause, step,
 * scrub, exit back to live. While replaying the sim is paused and the scene shows the snapshot
 * (swarm.buffers points at a replay copy). Export/import JSON; persistence in snapshotPersistence.ts.
 */
import { ref } from 'valtio'
import {
  Rng,
  computeLinksInto,
  copyAgentBuffers,
  createAgentBuffers,
  createLinkBuffers,
  createLinkGrid,
  createSnapshot,
  defaultSnapshotName,
  exportSnapshots,
  formatEfficiency,
  parseSnapshotFile,
  snapshotCreatedText,
  type AgentBuffers,
  type LinkBuffers,
  type LinkGrid,
  type Snapshot,
} from '../sim'
import { pushMessage } from './messages'
import {
  MAX_PERSISTED_SNAPSHOTS,
  clearSnapshotRecords,
  deleteSnapshotRecord,
  loadSnapshots,
  saveSnapshot,
} from './snapshotPersistence'
import { REPLAY_SPEEDS, runtime, swarm, writerSim, type ReplaySpeed } from './swarmState'

export { MAX_PERSISTED_SNAPSHOTS }

/** At 1× replay shows one snapshot per second. */
export const REPLAY_STEP_MS = 1000

let taken = 0
let idRng: Rng | null = null
const replay: { buffers: AgentBuffers | null; links: LinkBuffers | null; grid: LinkGrid | null } = {
  buffers: null,
  links: null,
  grid: null,
}

function newSnapshotId(): string {
  // A separate stream so taking snapshots never perturbs the simulation's random sequence.
  idRng ??= new Rng(writerSim().seed ^ 0x51a95)
  const used = new Set(swarm.snapshots.snapshots.map((s) => s.id))
  let id = idRng.id(6)
  while (used.has(id)) id = idRng.id(6)
  return id
}

/** Proxy-friendly: heavy parts in ref() so valtio never walks 100k agents. */
function track(s: Snapshot): Snapshot {
  return {
    ...s,
    agents: ref(s.agents),
    messages: ref(s.messages),
    failingAgents: ref(s.failingAgents),
  }
}

function addToList(s: Snapshot): void {
  const list = swarm.snapshots.snapshots
  list.push(track(s))
  while (list.length > MAX_PERSISTED_SNAPSHOTS) list.shift()
}

/** Capture the current swarm; logs '[SNAPSHOT] Created snapshot ...'. */
export function takeSnapshot(opts: { name?: string; description?: string } = {}): Snapshot {
  const sim = writerSim()
  taken = Math.max(taken, swarm.snapshots.snapshots.length) + 1
  const s = createSnapshot({
    id: newSnapshotId(),
    timestamp: sim.nowMs,
    name: opts.name?.trim() || defaultSnapshotName(taken),
    description: opts.description?.trim() || undefined,
    world: sim.world,
    efficiency: sim.efficiency,
    buffers: sim.buffers,
    metrics: sim.metrics,
    failingAgents: sim.failingIds(),
    messages: swarm.messages,
  })
  addToList(s)
  pushMessage({
    id: `s${s.id}`,
    type: 'system',
    text: snapshotCreatedText(s),
    timestamp: new Date(sim.nowMs).toISOString(),
  })
  void saveSnapshot(s)
  return s
}

function find(id: string): Snapshot | undefined {
  return swarm.snapshots.snapshots.find((s) => s.id === id)
}

export function renameSnapshot(id: string, name: string): void {
  const s = find(id)
  if (!s || !name.trim()) return
  s.name = name.trim()
  void saveSnapshot(s)
}

export function describeSnapshot(id: string, description: string): void {
  const s = find(id)
  if (!s) return
  s.description = description.trim()
  void saveSnapshot(s)
}

export function deleteSnapshot(id: string): void {
  const list = swarm.snapshots.snapshots
  const k = list.findIndex((s) => s.id === id)
  if (k < 0) return
  list.splice(k, 1)
  void deleteSnapshotRecord(id)
  const m = swarm.snapshots
  if (!m.isReplaying) return
  if (list.length === 0) exitReplay()
  else
    showSnapshot(
      Math.min(m.currentReplayIndex - (k < m.currentReplayIndex ? 1 : 0), list.length - 1),
    )
}

export function clearSnapshots(): void {
  if (swarm.snapshots.isReplaying) exitReplay()
  swarm.snapshots.snapshots.splice(0)
  void clearSnapshotRecords()
}

export function setShowReplayControls(show: boolean): void {
  swarm.snapshots.showReplayControls = show
}

/** Put snapshot `index` on screen (clamped). */
function showSnapshot(index: number): void {
  const list = swarm.snapshots.snapshots
  if (list.length === 0) return
  const k = Math.max(0, Math.min(list.length - 1, index))
  const s = list[k]!
  const src = s.agents
  if (!replay.buffers || replay.buffers.capacity < src.count) {
    replay.buffers = createAgentBuffers(Math.max(src.count, 1))
    replay.links = createLinkBuffers(Math.max(src.count, 1))
    replay.grid = null
  }
  copyAgentBuffers(src, replay.buffers)
  const g = replay.grid
  if (
    !g ||
    g.capacity < src.count ||
    g.cols !== Math.ceil(s.world.width / g.cellSize) ||
    g.rows !== Math.ceil(s.world.height / g.cellSize)
  ) {
    replay.grid = createLinkGrid(s.world, replay.buffers.capacity)
  }
  computeLinksInto(replay.buffers, replay.grid!, replay.links!)
  const m = swarm.snapshots
  m.currentReplayIndex = k
  m.activeSnapshotId = s.id
  if (swarm.buffers !== replay.buffers) swarm.buffers = ref(replay.buffers)
  if (swarm.links !== replay.links) swarm.links = ref(replay.links!)
  swarm.world = { ...s.world }
  swarm.efficiency = formatEfficiency(s.efficiency)
  Object.assign(swarm.metrics, s.metrics)
  swarm.failingCount = s.failingAgents.length
  swarm.failingAgents = s.failingAgents.slice(0, 100)
  swarm.version++
}

/** Start replay at `index` (default: the first snapshot). The live sim is paused meanwhile. */
export function startReplay(index = 0): void {
  const m = swarm.snapshots
  if (m.snapshots.length === 0) return
  m.isReplaying = true
  m.isReplayPaused = false
  m.showReplayControls = true
  runtime.replayAccum = 0
  showSnapshot(index)
}

export function pauseReplay(): void {
  swarm.snapshots.isReplayPaused = true
}

export function resumeReplay(): void {
  const m = swarm.snapshots
  if (!m.isReplaying) return
  // Resuming at the end starts over from the first snapshot.
  if (m.currentReplayIndex >= m.snapshots.length - 1) showSnapshot(0)
  m.isReplayPaused = false
  runtime.replayAccum = 0
}

export function toggleReplayPause(): void {
  if (swarm.snapshots.isReplayPaused) resumeReplay()
  else pauseReplay()
}

/** Step back (−1) or forward (+1); pauses playback. */
export function stepReplay(delta: number): void {
  const m = swarm.snapshots
  if (!m.isReplaying) startReplay(0)
  m.isReplayPaused = true
  showSnapshot(m.currentReplayIndex + delta)
}

/** Jump to snapshot `index` (the scrubber). */
export function scrubReplay(index: number): void {
  if (!swarm.snapshots.isReplaying) startReplay(index)
  else showSnapshot(index)
  runtime.replayAccum = 0
}

export function setReplaySpeed(speed: ReplaySpeed): void {
  if ((REPLAY_SPEEDS as readonly number[]).includes(speed)) swarm.snapshots.replaySpeed = speed
}

/** Leave replay: the scene shows the live swarm again and the sim resumes. */
export function exitReplay(): void {
  const m = swarm.snapshots
  m.isReplaying = false
  m.isReplayPaused = false
  m.activeSnapshotId = null
  const sim = writerSim()
  swarm.buffers = ref(sim.buffers)
  swarm.links = ref(sim.links)
  swarm.world = { ...sim.world }
  swarm.efficiency = formatEfficiency(sim.efficiency)
  Object.assign(swarm.metrics, sim.metrics)
  swarm.failingCount = sim.failingCount
  swarm.version++
}

/** Called by the store's frame while replaying: advance at replaySpeed, stop at the last one. */
export function tickReplay(dtMs: number): void {
  const m = swarm.snapshots
  if (!m.isReplaying || m.isReplayPaused) return
  runtime.replayAccum += dtMs * m.replaySpeed
  while (runtime.replayAccum >= REPLAY_STEP_MS) {
    runtime.replayAccum -= REPLAY_STEP_MS
    if (m.currentReplayIndex >= m.snapshots.length - 1) {
      m.isReplayPaused = true
      runtime.replayAccum = 0
      return
    }
    showSnapshot(m.currentReplayIndex + 1)
  }
}

/** The export file (JSON text) of all snapshots. */
export function exportSnapshotsJson(): string {
  return exportSnapshots(swarm.snapshots.snapshots, new Date().toISOString())
}

/**
 * Import an export file. A bad file changes nothing and sets snapshots.importError (also returned).
 * Imported snapshots whose id is already present get a fresh id.
 */
export function importSnapshotsJson(
  text: string,
): { ok: true; count: number } | { ok: false; error: string } {
  const result = parseSnapshotFile(text)
  if (!result.ok) {
    swarm.snapshots.importError = result.error
    return result
  }
  swarm.snapshots.importError = null
  for (const s of result.snapshots) {
    if (find(s.id)) s.id = newSnapshotId()
    addToList(s)
    void saveSnapshot(s)
  }
  return { ok: true, count: result.snapshots.length }
}

/** Load persisted snapshots (IndexedDB) into the list; no-op without IndexedDB. */
export async function restoreSnapshots(): Promise<number> {
  const saved = await loadSnapshots()
  let added = 0
  for (const s of saved) {
    if (find(s.id)) continue
    addToList(s)
    added++
  }
  swarm.snapshots.snapshots.sort((a, b) => a.timestamp - b.timestamp)
  return added
}
