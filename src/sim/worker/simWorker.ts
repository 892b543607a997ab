/// <reference lib="webworker" />
/**
 * The local simulation's Web Worker (ARCHITECTURE.md "Swarm sources"): the sim, its PRODUCT.md §4
 * timers and its link search run here, off the page's main thread. All logic is in
 * simWorkerCore.ts; this file only wires it to the worker's messages and timer.
 */
import type { ToWorker } from './protocol'
import { SimWorkerCore } from './simWorkerCore'

const scope = self as unknown as DedicatedWorkerGlobalScope
const core = new SimWorkerCore((message, transfer) => scope.postMessage(message, transfer))
let timer: ReturnType<typeof setTimeout> | null = null

function turn(): void {
  timer = setTimeout(turn, core.pump())
}

scope.onmessage = (e: MessageEvent<ToWorker>) => {
  core.handle(e.data)
  if (e.data.t === 'init' && e.data.clock && timer === null) turn()
}
