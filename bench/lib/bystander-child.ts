/**
 * Child process for `npm run bench:attack` (RELIABILITY.md §12): the bystander, in a process of its
 * own.
 *
 * Polled from the bench's own process, the bystander shared an event loop with the bench's
 * samplers, its idle-control probe and the chat posters; on a loaded two-CPU machine its polls
 * then timed out for the bare Fastify control too, whose health route does nothing. Here it has
 * a loop to itself, so a slow poll is the server's (or the machine's) and not the bench's.
 *
 * IPC in:  {cmd:'start', port, path, everyMs, timeoutMs}
 *          {cmd:'stop'} -> {cmd:'polls', polls: [{at, ms, ok}]} once the polls in flight are in,
 *          then exits. `at` is wall-clock ms (performance.timeOrigin + now), comparable across
 *          processes.
 */
import { BYSTANDER_ADDRESS, httpCall } from './attack-probe'

interface Start {
  cmd: 'start'
  port: number
  path: string
  everyMs: number
  timeoutMs: number
}

const polls: Array<Promise<{ at: number; ms: number; ok: boolean }>> = []
let timer: NodeJS.Timeout | undefined

function start(m: Start) {
  timer = setInterval(() => {
    const at = performance.timeOrigin + performance.now()
    polls.push(
      httpCall({
        port: m.port,
        path: m.path,
        from: BYSTANDER_ADDRESS,
        timeoutMs: m.timeoutMs,
      }).then((a) => ({ at, ms: a.ms, ok: a.status === 200 })),
    )
  }, m.everyMs)
}

process.on('message', (m: { cmd: string }) => {
  if (m.cmd === 'start') start(m as Start)
  if (m.cmd === 'stop') {
    clearInterval(timer)
    void Promise.all(polls).then((done) => {
      process.send?.({ cmd: 'polls', polls: done }, () => process.exit(0))
    })
  }
})
// the bench died without saying stop: do not outlive it
process.on('disconnect', () => process.exit(0))
