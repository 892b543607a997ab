/**
 * Snapshots persist in IndexedDB (DESIGN.md §4), capped at MAX_PERSISTED_SNAPSHOTS: saving one more
 * deletes the oldest. Without IndexedDB (Node, tests, private modes that refuse it) every function is
 * a quiet no-op, so the in-memory snapshot list still works.
 */
import type { Snapshot } from '../sim'

/** At most this many snapshots are kept (in memory and in IndexedDB); oldest dropped first. */
export const MAX_PERSISTED_SNAPSHOTS = 20
export const SNAPSHOT_DB = 'vpos-swarm'
export const SNAPSHOT_STORE = 'snapshots'

let factoryOverride: IDBFactory | null | undefined

/** Tests: use this IndexedDB implementation (null = none). */
export function setIndexedDbFactory(factory: IDBFactory | null | undefined): void {
  factoryOverride = factory
  dbPromise = null
}

function factory(): IDBFactory | null {
  if (factoryOverride !== undefined) return factoryOverride
  return typeof indexedDB === 'undefined' ? null : indexedDB
}

let dbPromise: Promise<IDBDatabase | null> | null = null

function openDb(): Promise<IDBDatabase | null> {
  const f = factory()
  if (!f) return Promise.resolve(null)
  dbPromise ??= new Promise((resolve) => {
    try {
      const req = f.open(SNAPSHOT_DB, 1)
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(SNAPSHOT_STORE)) {
          req.result.createObjectStore(SNAPSHOT_STORE, { keyPath: 'id' })
        }
      }
      req.onsuccess = () => resolve(req.result)
      // GOTCHA: some private modes throw or error on open; persistence is best-effort there.
      req.onerror = () => resolve(null)
    } catch {
      resolve(null)
    }
  })
  return dbPromise
}

function run<T>(
  mode: IDBTransactionMode,
  fn: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | null> {
  return openDb().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null)
        let result: T | null = null
        try {
          const tx = db.transaction(SNAPSHOT_STORE, mode)
          const req = fn(tx.objectStore(SNAPSHOT_STORE))
          if (req) req.onsuccess = () => (result = req.result)
          tx.oncomplete = () => resolve(result)
          tx.onerror = () => resolve(null)
          tx.onabort = () => resolve(null)
        } catch {
          resolve(null)
        }
      }),
  )
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

/** Every persisted snapshot, oldest first. */
export async function loadSnapshots(): Promise<Snapshot[]> {
  const all = (await run<Snapshot[]>('readonly', (store) => store.getAll())) ?? []
  return all.sort((a, b) => a.timestamp - b.timestamp)
}

/** Save (insert or replace) one snapshot, then trim to the cap. */
export async function saveSnapshot(s: Snapshot): Promise<void> {
  await run('readwrite', (store) => store.put(toRecord(s)))
  const all = await loadSnapshots()
  const excess = all.length - MAX_PERSISTED_SNAPSHOTS
  for (let k = 0; k < excess; k++) await deleteSnapshotRecord(all[k]!.id)
}

export async function deleteSnapshotRecord(id: string): Promise<void> {
  await run('readwrite', (store) => store.delete(id))
}

export async function clearSnapshotRecords(): Promise<void> {
  await run('readwrite', (store) => store.clear())
}
