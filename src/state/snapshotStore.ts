/**
 * Snapshot manager and replay (PRODUCT.md §3; ARCHITECTURE.md §7). Take / rename / describe /
 * delete snapshots; replay them in capture order at 0.5/1/2/4× (one snapshot per REPLAY_STEP_MS at
 * 1×), pause, step, scrub, exit back to live. While replaying the sim is paused and the scene shows
 * the snapshot (display.buffers points at a replay copy). The list is kept in capture order and
 * capped at MAX_PERSISTED_SNAPSHOTS, like its IndexedDB copy (snapshotPersistence.ts).
 * Export/import JSON.
 */
import { ref } from 'valtio'
import {
  FLAG,
  Rng,
  createSnapshot,
  defaultSnapshotName,
  exportSnapshotParts,
  exportSnapshots,
  snapshotCreatedText,
  type AgentBuffers,
  type Snapshot,
} from '../sim'
import { displaySource } from './display'
import { pushMessage } from './messages'
import {
  MAX_PERSISTED_SNAPSHOTS,
  clearSnapshotRecords,
  deleteSnapshotRecord,
  loadSnapshots,
  saveSnapshot,
} from './snapshotPersistence'
import { ReplaySource } from './sources/replaySource'
import { REPLAY_SPEEDS, syncDerived, type ReplaySpeed, type SwarmStore } from './swarmState'

export { MAX_PERSISTED_SNAPSHOTS }

/** At 1× replay shows one snapshot per second. */
export const REPLAY_STEP_MS = 1000

function newSnapshotId(store: SwarmStore): string {
  // A separate stream so taking snapshots never perturbs the simulation's random sequence.
  const ids = (store.counters.snapshotIds ??= new Rng(store.runtime.sim.seed ^ 0x51a95))
  const used = new Set(store.swarm.snapshots.snapshots.map((s) => s.id))
  let id = ids.id(6)
  while (used.has(id)) id = ids.id(6)
  return id
}

/** N of the next default name 'Snapshot N': past every N taken or listed, never reused. */
function nextSnapshotNumber(store: SwarmStore): number {
  let n = Math.max(store.counters.snapshotsTaken, store.swarm.snapshots.snapshots.length)
  for (const s of store.swarm.snapshots.snapshots) {
    const m = /^Snapshot (\d+)$/.exec(s.name)
    if (m) n = Math.max(n, Number(m[1]))
  }
  store.counters.snapshotsTaken = n + 1
  return n + 1
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

function find(store: SwarmStore, id: string): Snapshot | undefined {
  return store.swarm.snapshots.snapshots.find((s) => s.id === id)
}

/** Keep currentReplayIndex on the snapshot being shown after the list changed. */
function followActive(store: SwarmStore): void {
  const m = store.swarm.snapshots
  if (!m.isReplaying) return
  const k = m.snapshots.findIndex((s) => s.id === m.activeSnapshotId)
  if (k >= 0) m.currentReplayIndex = k
  else if (m.snapshots.length === 0) exitReplay(store)
  else showSnapshot(store, Math.min(m.currentReplayIndex, m.snapshots.length - 1))
}

/**
 * Insert in capture order (after equal timestamps, or at `at` among them: an undone delete's old
 * place) and drop the oldest beyond the cap. Returns false when the snapshot was itself the oldest
 * and did not make the cut.
 */
function addToList(store: SwarmStore, s: Snapshot, at?: number): boolean {
  const list = store.swarm.snapshots.snapshots
  let k = list.length
  while (k > 0 && list[k - 1]!.timestamp > s.timestamp) k--
  if (at !== undefined) {
    let first = k
    while (first > 0 && list[first - 1]!.timestamp === s.timestamp) first--
    k = Math.max(first, Math.min(k, at))
  }
  list.splice(k, 0, track(s))
  let kept = true
  while (list.length > MAX_PERSISTED_SNAPSHOTS) {
    if (list[0]!.id === s.id) kept = false
    list.shift()
  }
  followActive(store)
  return kept
}

/** Ids of the failing agents in `buf` (from the failing flags: the same for every source). */
function failingIds(buf: AgentBuffers): string[] {
  const ids: string[] = []
  for (let i = 0; i < buf.count; i++)
    if ((buf.flags[i]! & FLAG.failing) !== 0) ids.push(buf.ids[i]!)
  return ids
}

/**
 * Capture the displayed swarm, whatever its source, stamped with the wall-clock capture time;
 * logs '[SNAPSHOT] Created snapshot ...'.
 */
export function takeSnapshot(
  store: SwarmStore,
  opts: { name?: string; description?: string } = {},
): Snapshot {
  const src = store.runtime.source
  const r = src.readings()
  const number = nextSnapshotNumber(store)
  const at = Date.now()
  const s = createSnapshot({
    id: newSnapshotId(store),
    timestamp: at,
    name: opts.name?.trim() || defaultSnapshotName(number),
    description: opts.description?.trim() || undefined,
    world: src.world,
    efficiency: r.efficiency,
    buffers: src.buffers,
    metrics: { ...r.metrics, ...store.swarm.metrics },
    failingAgents: failingIds(src.buffers),
    messages: store.swarm.messages,
  })
  addToList(store, s)
  pushMessage(store, {
    id: `s${s.id}`,
    type: 'system',
    text: snapshotCreatedText(s),
    timestamp: new Date(at).toISOString(),
  })
  void saveSnapshot(s)
  return s
}

/** Rename (trimmed; an empty name is refused). */
export function renameSnapshot(store: SwarmStore, id: string, name: string): void {
  const s = find(store, id)
  if (!s || !name.trim()) return
  s.name = name.trim()
  void saveSnapshot(s)
}

export function describeSnapshot(store: SwarmStore, id: string, description: string): void {
  const s = find(store, id)
  if (!s) return
  s.description = description.trim()
  void saveSnapshot(s)
}

/** A deleted snapshot and where it was in the list: what an undo needs (restoreSnapshot). */
export interface DeletedSnapshot {
  snapshot: Snapshot
  index: number
}

/** Removes a snapshot from the list and from storage. */
export function deleteSnapshot(store: SwarmStore, id: string): DeletedSnapshot | null {
  const list = store.swarm.snapshots.snapshots
  const index = list.findIndex((s) => s.id === id)
  if (index < 0) return null
  const [snapshot] = list.splice(index, 1)
  void deleteSnapshotRecord(id)
  followActive(store)
  return snapshot ? { snapshot, index } : null
}

/** Undoes a delete: the snapshot back in its place and in storage. */
export function restoreSnapshot(store: SwarmStore, { snapshot, index }: DeletedSnapshot): void {
  if (find(store, snapshot.id)) return
  if (addToList(store, snapshot, index)) void saveSnapshot(snapshot)
}

export function clearSnapshots(store: SwarmStore): void {
  if (store.swarm.snapshots.isReplaying) exitReplay(store)
  store.swarm.snapshots.snapshots.splice(0)
  void clearSnapshotRecords()
}

/** Put snapshot `index` on screen (clamped) through the replay source. */
function showSnapshot(store: SwarmStore, index: number): void {
  const list = store.swarm.snapshots.snapshots
  if (list.length === 0) return
  const k = Math.max(0, Math.min(list.length - 1, index))
  const s = list[k]!
  const m = store.swarm.snapshots
  m.currentReplayIndex = k
  m.activeSnapshotId = s.id
  let replay = store.runtime.replay as ReplaySource | null
  if (!replay) {
    store.runtime.replayUnder = store.runtime.source
    replay = new ReplaySource(store.runtime.source)
    store.runtime.replay = replay
    replay.show(s)
    displaySource(store, replay)
    return
  }
  replay.show(s)
  if (store.runtime.source !== replay) displaySource(store, replay)
  else {
    store.display.version++
    syncDerived(store)
  }
}

/** Start replay at `index` (default: the first snapshot). The live sim is paused meanwhile. */
export function startReplay(store: SwarmStore, index = 0): void {
  const m = store.swarm.snapshots
  if (m.snapshots.length === 0) return
  m.isReplaying = true
  m.isReplayPaused = false
  m.showReplayControls = true
  store.runtime.replayAccum = 0
  showSnapshot(store, index)
}

export function pauseReplay(store: SwarmStore): void {
  store.swarm.snapshots.isReplayPaused = true
}

export function resumeReplay(store: SwarmStore): void {
  const m = store.swarm.snapshots
  if (!m.isReplaying) return
  // Resuming at the end starts over from the first snapshot.
  if (m.currentReplayIndex >= m.snapshots.length - 1) showSnapshot(store, 0)
  m.isReplayPaused = false
  store.runtime.replayAccum = 0
}

export function toggleReplayPause(store: SwarmStore): void {
  if (store.swarm.snapshots.isReplayPaused) resumeReplay(store)
  else pauseReplay(store)
}

/** Step back (−1) or forward (+1) and pause. Outside replay: opens the first (or last) one. */
export function stepReplay(store: SwarmStore, delta: number): void {
  const m = store.swarm.snapshots
  if (m.snapshots.length === 0) return
  if (!m.isReplaying) {
    startReplay(store, delta < 0 ? m.snapshots.length - 1 : 0)
  } else {
    showSnapshot(store, m.currentReplayIndex + delta)
  }
  m.isReplayPaused = true
  store.runtime.replayAccum = 0
}

/** Jump to snapshot `index` (the scrubber). */
export function scrubReplay(store: SwarmStore, index: number): void {
  if (!store.swarm.snapshots.isReplaying) startReplay(store, index)
  else showSnapshot(store, index)
  store.runtime.replayAccum = 0
}

export function setReplaySpeed(store: SwarmStore, speed: ReplaySpeed): void {
  if ((REPLAY_SPEEDS as readonly number[]).includes(speed))
    store.swarm.snapshots.replaySpeed = speed
}

/** Leave replay: the scene shows the swarm it showed before (local sim or live) again. */
export function exitReplay(store: SwarmStore): void {
  const m = store.swarm.snapshots
  if (!m.isReplaying) return
  m.isReplaying = false
  m.isReplayPaused = false
  m.activeSnapshotId = null
  const under = store.runtime.replayUnder ?? store.runtime.live ?? store.runtime.local
  store.runtime.replay = null
  store.runtime.replayUnder = null
  displaySource(store, under)
}

/** Called by the store's frame while replaying: advance at replaySpeed, stop at the last one. */
export function tickReplay(store: SwarmStore, dtMs: number): void {
  const m = store.swarm.snapshots
  if (!m.isReplaying || m.isReplayPaused) return
  store.runtime.replayAccum += dtMs * m.replaySpeed
  while (store.runtime.replayAccum >= REPLAY_STEP_MS) {
    store.runtime.replayAccum -= REPLAY_STEP_MS
    if (m.currentReplayIndex >= m.snapshots.length - 1) {
      m.isReplayPaused = true
      store.runtime.replayAccum = 0
      return
    }
    showSnapshot(store, m.currentReplayIndex + 1)
  }
}

/** The export file (JSON text) of all snapshots. */
export function exportSnapshotsJson(
  store: SwarmStore,
  exportedAt = new Date().toISOString(),
): string {
  return exportSnapshots(store.swarm.snapshots.snapshots, exportedAt)
}

/**
 * The same file as a Blob, built in pieces (exportSnapshotParts) with a pause for the page every
 * ~50 ms: the Export button's. The snapshots of a big swarm pass the longest string a page can
 * hold, and writing 1,000,000 agents takes seconds. `progress` gets the share of agents written.
 */
export async function exportSnapshotsBlob(
  store: SwarmStore,
  progress?: (share: number) => void,
  exportedAt = new Date().toISOString(),
): Promise<Blob> {
  const list = [...store.swarm.snapshots.snapshots]
  const total = list.reduce((n, s) => n + s.agents.count, 0)
  const parts: string[] = []
  let since = performance.now()
  for (const part of exportSnapshotParts(list, exportedAt)) {
    parts.push(part.text)
    if (performance.now() - since > 50) {
      progress?.(total > 0 ? part.agentsDone / total : 1)
      await new Promise((r) => setTimeout(r, 0))
      since = performance.now()
    }
  }
  return new Blob(parts, { type: 'application/json' })
}

/**
 * Import an export file (the validator loads on first use). A bad file changes nothing and sets snapshots.importError (also returned).
 * Imported snapshots whose id is already present get a fresh id; `count` is how many were kept
 * (the list holds at most MAX_PERSISTED_SNAPSHOTS, oldest dropped).
 */
export async function importSnapshotsJson(
  store: SwarmStore,
  text: string,
): Promise<{ ok: true; count: number } | { ok: false; error: string }> {
  // On demand: the validator brings zod, which the first paint does without.
  const { parseSnapshotFile } = await import('../sim/snapshot/snapshotFile')
  const result = parseSnapshotFile(text)
  if (!result.ok) {
    store.swarm.snapshots.importError = result.error
    return result
  }
  store.swarm.snapshots.importError = null
  const added: Snapshot[] = []
  for (const s of result.snapshots) {
    if (find(store, s.id)) s.id = newSnapshotId(store)
    addToList(store, s)
    added.push(s)
  }
  let count = 0
  for (const s of added) {
    if (!find(store, s.id)) continue
    count++
    void saveSnapshot(s)
  }
  return { ok: true, count }
}

/**
 * Load persisted snapshots (IndexedDB) into the list; no-op without IndexedDB. One the load drops
 * (a number out of range: an import from before RELIABILITY.md §12, finding 7) is named in the
 * console panel, so a snapshot that disappears says why.
 */
export async function restoreSnapshots(store: SwarmStore): Promise<number> {
  const saved = await loadSnapshots((d) =>
    pushMessage(store, {
      id: `d${d.id}`,
      type: 'alert',
      text: `[SNAPSHOT] Dropped stored snapshot "${d.name}": ${d.reason}`,
      timestamp: new Date().toISOString(),
    }),
  )
  let added = 0
  for (const s of saved) {
    if (find(store, s.id)) continue
    if (addToList(store, s)) added++
  }
  return added
}
