/**
 * Runs `run` in a task of its own, as soon as the browser gets to it after the current one (a
 * message to itself: not a timer, so a paused test clock does not hold it, and no 4 ms clamp);
 * returns the cancel. For work that must not lengthen the task that asked for it, such as a
 * layout read after a commit (docs/ARCHITECTURE.md, "First load").
 */
export function inNextTask(run: () => void): () => void {
  const channel = new MessageChannel()
  let live = true
  channel.port1.onmessage = () => {
    channel.port1.close()
    if (live) run()
  }
  channel.port2.postMessage(null)
  return () => {
    live = false
    channel.port1.close()
  }
}

/** Resolves in the task after this one (inNextTask): `await nextTask()` ends the current task's part. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => inNextTask(resolve))
}

/**
 * An effect's start in a task of its own (inNextTask), not in the commit's effects with the rest;
 * returns the effect's cleanup: the cancel before the start has run, the stop `start` returned
 * after. On Swarm Core the sim, the live feed, the census and the page's other effects were one
 * ~90 ms task at 4× CPU (docs/ARCHITECTURE.md, "First load").
 */
export function startInNextTask(start: () => (() => void) | void): () => void {
  let stop: (() => void) | void
  const cancel = inNextTask(() => {
    stop = start()
  })
  return () => {
    cancel()
    stop?.()
  }
}
