/**
 * Snapshot persistence (ARCHITECTURE.md §7): IndexedDB, capped at MAX_PERSISTED_SNAPSHOTS. Saving
 * one more deletes the oldest (by capture time). The storage sits behind the small SnapshotStorage
 * interface: IndexedDB in the browser, none in Node (every call is a quiet no-op, the in-memory
 * list still works), an in-memory map in tests. Persistence is best effort: a refused database
 * (private modes, quota) never breaks taking or replaying snapshots.
 */
import type { Snapshot } from '../sim'
import { snapshotRangeProblem } from '../sim/snapshot/snapshotBounds'

/** At most this many snapshots are kept (in memory and in IndexedDB); the oldest go first. */
export const MAX_PERSISTED_SNAPSHOTS = 20
const SNAPSHOT_DB = 'vpos-swarm'
const SNAPSHOT_STORE = 'snapshots'
/** version 2 adds the capture-time index (idsByAge) */
const SNAPSHOT_DB_VERSION = 2
const BY_TIME = 'timestamp'

/** Where snapshot records live. Records are structured-clone-safe Snapshot objects. */
export interface SnapshotStorage {
  getAll(): Promise<unknown[]>
  /** the stored records' ids, oldest capture first, without reading the records themselves */
  idsByAge(): Promise<string[]>
  put(record: Snapshot): Promise<void>
  delete(id: string): Promise<void>
  clear(): Promise<void>
}

/** IndexedDB storage: database 'vpos-swarm', object store 'snapshots' keyed by id. */
export function indexedDbStorage(factory: IDBFactory): SnapshotStorage {
  let dbPromise: Promise<IDBDatabase> | null = null
  const open = (): Promise<IDBDatabase> =>
    (dbPromise ??= new Promise((resolve, reject) => {
      const req = factory.open(SNAPSHOT_DB, SNAPSHOT_DB_VERSION)
      req.onupgradeneeded = () => {
        const db = req.result
        const store = db.objectStoreNames.contains(SNAPSHOT_STORE)
          ? req.transaction!.objectStore(SNAPSHOT_STORE)
          : db.createObjectStore(SNAPSHOT_STORE, { keyPath: 'id' })
        if (!store.indexNames.contains(BY_TIME)) store.createIndex(BY_TIME, 'timestamp')
      }
      req.onsuccess = () => {
        const db = req.result
        // a newer version of the app in another tab upgrades the database: let it
        db.onversionchange = () => {
          db.close()
          dbPromise = null
        }
        resolve(db)
      }
      req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'))
    }))
  const run = <T>(
    mode: IDBTransactionMode,
    fn: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> =>
    open().then(
      (db) =>
        new Promise<T>((resolve, reject) => {
          const tx = db.transaction(SNAPSHOT_STORE, mode)
          const req = fn(tx.objectStore(SNAPSHOT_STORE))
          tx.oncomplete = () => resolve(req.result)
          tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'))
          tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'))
        }),
    )
  return {
    getAll: () => run<unknown[]>('readonly', (s) => s.getAll()),
    idsByAge: () =>
      run('readonly', (s) => s.index(BY_TIME).getAllKeys()).then((keys) => keys.map(String)),
    put: (record) => run('readwrite', (s) => s.put(record)).then(() => undefined),
    delete: (id) => run('readwrite', (s) => s.delete(id)).then(() => undefined),
    clear: () => run('readwrite', (s) => s.clear()).then(() => undefined),
  }
}

/** In-memory storage (tests; structured-cloned like IndexedDB so callers cannot alias records). */
export function memoryStorage(): SnapshotStorage & { records: Map<string, Snapshot> } {
  const records = new Map<string, Snapshot>()
  return {
    records,
    getAll: async () => [...records.values()].map((r) => structuredClone(r)),
    idsByAge: async () =>
      [...records.values()]
        .sort((a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : 1))
        .map((r) => r.id),
    put: async (record) => void records.set(record.id, structuredClone(record)),
    delete: async (id) => void records.delete(id),
    clear: async () => records.clear(),
  }
}

let storage: SnapshotStorage | null | undefined

/** Use this storage (tests; null = none). `undefined` restores the default (IndexedDB if any). */
export function setSnapshotStorage(s: SnapshotStorage | null | undefined): void {
  storage = s
}

function current(): SnapshotStorage | null {
  if (storage === undefined) {
    storage = typeof indexedDB === 'undefined' ? null : indexedDbStorage(indexedDB)
  }
  return storage
}

/** A structured-clone-safe copy (valtio proxies cannot be cloned). */
export function toRecord(s: Snapshot): Snapshot {
  return {
    id: s.id,
    timestamp: s.timestamp,
    name: s.name,
    description: s.description,
    world: { width: s.world.width, height: s.world.height },
    efficiency: s.efficiency,
    agents: s.agents,
    metrics: { ...s.metrics },
    failingAgents: [...s.failingAgents],
    messages: s.messages.map((m) => ({
      id: m.id,
      type: m.type,
      text: m.text,
      timestamp: m.timestamp,
    })),
  }
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

const TYPED_FIELDS: readonly [string, new (n: number) => ArrayLike<number>][] = [
  ['x', Float32Array],
  ['y', Float32Array],
  ['size', Float32Array],
  ['speedX', Float32Array],
  ['speedY', Float32Array],
  ['targetX', Float32Array],
  ['targetY', Float32Array],
  ['color', Uint32Array],
  ['mode', Uint8Array],
  ['type', Uint8Array],
  ['status', Uint8Array],
  ['processingPower', Float32Array],
  ['efficiency', Float32Array],
  ['connections', Uint8Array],
  ['lastActiveTime', Float64Array],
  ['energy', Float32Array],
  ['pulseRate', Float32Array],
  ['flags', Uint8Array],
]

/** True when a stored record has the shape of a Snapshot (an older or damaged one is skipped). */
export function isSnapshotRecord(r: unknown): r is Snapshot {
  if (!isObj(r) || typeof r.id !== 'string' || !isNum(r.timestamp)) return false
  if (typeof r.name !== 'string' || typeof r.description !== 'string') return false
  if (!isObj(r.world) || !isNum(r.world.width) || !isNum(r.world.height)) return false
  if (!isNum(r.efficiency) || !isObj(r.metrics)) return false
  if (!Array.isArray(r.failingAgents) || !Array.isArray(r.messages)) return false
  const a = r.agents
  if (!isObj(a) || !isNum(a.count) || !isNum(a.capacity) || !Array.isArray(a.ids)) return false
  if (a.count < 0 || a.count > a.capacity || a.ids.length < a.count) return false
  for (const [field, Type] of TYPED_FIELDS) {
    const arr = a[field]
    if (!(arr instanceof Type) || arr.length < a.count) return false
  }
  return true
}

/** A stored record the load refused (and deleted), with the reason in words. */
interface DroppedSnapshot {
  id: string
  name: string
  reason: string
}

/**
 * Every valid persisted snapshot, oldest first. Invalid records (not a Snapshot of this version,
 * or a number out of its range) are deleted and reported (`dropped`, and a console warning).
 * Before its bounds (RELIABILITY.md §12, finding 7) import let any finite number through and
 * IndexedDB kept it: replaying such a snapshot threw every frame, after every reload. Dropped, not
 * clamped: the sim never makes one, so it came from a file, and clamped it would show a swarm
 * nobody captured (agents piled on the edge of a world cut to size) under the captured one's name.
 */
export async function loadSnapshots(dropped?: (d: DroppedSnapshot) => void): Promise<Snapshot[]> {
  const s = current()
  if (!s) return []
  let all: unknown[]
  try {
    all = await s.getAll()
  } catch {
    return []
  }
  const valid: Snapshot[] = []
  for (const r of all) {
    const problem = isSnapshotRecord(r) ? snapshotRangeProblem(r) : 'not a snapshot of this version'
    if (problem === null) {
      valid.push(r as Snapshot)
      continue
    }
    if (!isObj(r) || typeof r.id !== 'string') continue
    const name = typeof r.name === 'string' ? r.name : ''
    console.warn(`Dropped stored snapshot ${r.id} ("${name}"): ${problem}`)
    dropped?.({ id: r.id, name, reason: problem })
    await deleteSnapshotRecord(r.id)
  }
  return valid.sort((a, b) => a.timestamp - b.timestamp)
}

/** Save (insert or replace) one snapshot, then trim to the cap. Resolves false when refused. */
export async function saveSnapshot(snapshot: Snapshot): Promise<boolean> {
  const s = current()
  if (!s) return false
  try {
    await s.put(toRecord(snapshot))
  } catch {
    return false
  }
  // Trim by the capture-time index: reading the records back to find the oldest deserialised
  // every persisted snapshot (~70 MB each at 1,000,000 agents) on the page with each save.
  let ids: string[] = []
  try {
    ids = await s.idsByAge()
  } catch {
    // best effort: the next save trims
  }
  for (let k = 0; k < ids.length - MAX_PERSISTED_SNAPSHOTS; k++) await deleteSnapshotRecord(ids[k]!)
  return true
}

export async function deleteSnapshotRecord(id: string): Promise<void> {
  try {
    await current()?.delete(id)
  } catch {
    // best effort
  }
}

export async function clearSnapshotRecords(): Promise<void> {
  try {
    await current()?.clear()
  } catch {
    // best effort
  }
}
