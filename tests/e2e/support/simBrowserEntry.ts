/**
 * What tests/e2e/sim-determinism.spec.ts runs inside Chromium: the spec bundles this file with
 * Vite (the app's own bundler and minifier) into one IIFE and evaluates it in the page, so the
 * app never carries a test hook.
 */
export { runScenario } from '../../../src/sim/scenario'
export { createSnapshot, createSwarmSim } from '../../../src/sim'
export {
  MAX_PERSISTED_SNAPSHOTS,
  indexedDbStorage,
  loadSnapshots,
  saveSnapshot,
  setSnapshotStorage,
} from '../../../src/state/snapshotPersistence'
export { SimWorkerClient } from '../../../src/sim/worker/simWorkerClient'
export { runScenarioInWorker } from '../../../src/sim/worker/simWorkerScenario'
