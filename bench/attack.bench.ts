/**
 * `npm run bench:attack` (RELIABILITY.md §12): two attacks from outside against the BUILT server,
 * started as its own process the way `npm run serve` starts it (bench/lib/attack-target.ts), with
 * a bystander polling the health route every 250 ms on a fresh connection (5 s timeout) from
 * 127.0.0.2 in a child process of its own (bench/lib/bystander-child.ts), while the attackers
 * connect from 127.0.0.1 from another (bench/attack-clients.mjs).
 *
 * Part `pipeline`: ATTACK_SOCKETS sockets each write pipelined `GET / HTTP/1.1` requests, up to
 * ATTACK_BYTES per socket, never read the answers, hold ATTACK_SECONDS, then close. Prints the
 * server's RSS before / peak / 5 s after, its growth, the bystander's health latency and failures
 * during, how long after the attack health answers within 1 s again, and how many attacker sockets
 * the server closed; the same attack against a bare Fastify hello-world (bench/attack-hello.mjs)
 * beside it, with the ratio. The bystander keeps polling ATTACK_AFTER_SECONDS after the attack.
 *
 * Part `streams`: one signed-in bronze wallet opens ATTACK_STREAMS push streams
 * (GET /api/chat/rooms/<bronze room>/events?after=0) and never reads them, for ATTACK_SECONDS,
 * while the room, seeded with ATTACK_SEED_MESSAGES messages of ~1 KB, gets ATTACK_POSTS_PER_SECOND
 * more. Prints streams accepted vs refused (by status), the kernel send queues of the server's
 * sockets (Send-Q as `ss` shows it, summed; peak and at the end), its RSS growth, and the
 * bystander's health.
 *
 * It prints figures beside the targets; it does not pass or fail on them. The machine is
 * shared: the load line and an idle control's event-loop lag (bench/lib/lag.ts) come with them.
 * Env: ATTACK_PARTS (pipeline,streams), ATTACK_SOCKETS (200), ATTACK_BYTES (819200),
 * ATTACK_SECONDS (30), ATTACK_AFTER_SECONDS (30, at least 5), ATTACK_STREAMS (400),
 * ATTACK_SEED_MESSAGES (300), ATTACK_POSTS_PER_SECOND (5).
 * Quick run: ATTACK_SOCKETS=20 ATTACK_STREAMS=40 ATTACK_SECONDS=5 ATTACK_AFTER_SECONDS=5 npm run bench:attack
 */
import { type ControlProbe, controlProbe, fmt, lagText, machineLoad } from './lib/lag'
import {
  BYSTANDER_ADDRESS,
  healthIn,
  healthText,
  memoryOf,
  recoveryS,
  sampler,
  socketCensus,
  type HealthFigures,
} from './lib/attack-probe'
import {
  attackers,
  bystander,
  ensureBuiltClient,
  killAll,
  SETUP_ADDRESS,
  startBuiltServer,
  startControl,
  type Target,
} from './lib/attack-target'
import {
  bronzeRoom,
  keepPosting,
  postersFor,
  seedRoom,
  signInAttacker,
  signInPosters,
} from './lib/attack-chat'

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const PARTS = (process.env.ATTACK_PARTS ?? 'pipeline,streams').split(',').map((s) => s.trim())
const SOCKETS = num('ATTACK_SOCKETS', 200)
const BYTES = num('ATTACK_BYTES', 800 * 1024)
const SECONDS = num('ATTACK_SECONDS', 30)
const AFTER_SECONDS = Math.max(5, num('ATTACK_AFTER_SECONDS', 30))
const STREAMS = num('ATTACK_STREAMS', 400)
const SEED_MESSAGES = num('ATTACK_SEED_MESSAGES', 300)
const POSTS_PER_SECOND = num('ATTACK_POSTS_PER_SECOND', 5)
const ATTACKER_ADDRESS = '127.0.0.1'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)))
const counts = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}×${String(v)}`)
    .join(' ') || 'none'

// The idle lag controls (bench/lib/lag.ts) are forked there; one still running after an error
// would keep sampling forever, so each is stopped in the bench's finally block.
const probes = new Set<ControlProbe>()
async function idleControl(): Promise<ControlProbe> {
  const probe = await controlProbe()
  probes.add(probe)
  return {
    start: () => probe.start(),
    stop: () => {
      probes.delete(probe)
      return probe.stop()
    },
  }
}

/** Peak RSS over a window: VmHWM when it rose in the window (exact), else the 250 ms samples. */
const peakRss = (hwmBefore: number, hwmAfter: number, sampled: number) =>
  hwmAfter > hwmBefore ? hwmAfter : sampled

interface PipelineRow {
  rssBefore: number
  rssPeak: number
  rssAfter5: number
  requestsSent: number
  opened: number
  closedByServer: number
  sendQPeak: number
  health: HealthFigures
  recovery: number | null
  controlLag: string
  logLines: number
  exited: string
}

async function pipelineAttack(target: Target): Promise<PipelineRow> {
  const mem0 = memoryOf(target.pid)
  const logs0 = target.logLines()
  const control = await idleControl()
  const attack = attackers()
  const probe = sampler(target.pid, target.port, () => attack.pid)
  const poller = bystander(target.port, target.healthPath)
  control.start()
  const start = performance.now()
  const opened = await attack.ask(
    {
      cmd: 'pipeline',
      port: target.port,
      sockets: SOCKETS,
      bytes: BYTES,
      localAddress: ATTACKER_ADDRESS,
    },
    'opened',
  )
  await sleep(SECONDS * 1000 - (performance.now() - start))
  const census = socketCensus(target.port, attack.pid)
  const closed = await attack.ask({ cmd: 'close' }, 'closed')
  const end = performance.now()
  const controlLag = await control.stop()
  await sleep(5_000)
  const rssAfter5 = memoryOf(target.pid).rssMb
  await sleep((AFTER_SECONDS - 5) * 1000)
  probe.stop()
  const polls = await poller.stop()
  const { proc } = target
  return {
    rssBefore: mem0.rssMb,
    rssPeak: peakRss(mem0.hwmMb, memoryOf(target.pid).hwmMb, probe.peak.rssMb),
    rssAfter5,
    requestsSent: Number(closed.requestsSent),
    opened: Number(opened.opened),
    closedByServer: Number(opened.opened) - census.attackerOpen,
    sendQPeak: probe.peak.serverSendQMb,
    health: healthIn(polls, start, end),
    recovery: recoveryS(polls, end),
    controlLag: `p99 ${fmt(controlLag.p99, 1)} / max ${fmt(controlLag.max, 0)} ms`,
    logLines: target.logLines() - logs0,
    exited:
      proc.exitCode === null && proc.signalCode === null
        ? 'no'
        : `yes (${proc.exitCode ?? proc.signalCode})`,
  }
}

function printPipeline(app: PipelineRow, hello: PipelineRow) {
  const ratio = (a: number, b: number) => (b > 0 ? `${fmt(a / b, 1)}×` : '')
  const row = (label: string, a: string, b: string, r = '') =>
    `${label.padEnd(44)}${a.padStart(20)}${b.padStart(22)}${r.padStart(9)}`
  const mb = (label: string, pick: (r: PipelineRow) => number) =>
    row(label, fmt(pick(app), 0), fmt(pick(hello), 0), ratio(pick(app), pick(hello)))
  const recovered = (r: PipelineRow) =>
    r.recovery === null ? `not in ${AFTER_SECONDS} s` : `${fmt(r.recovery, 2)} s`
  console.log(
    [
      row('', 'vPOS server', 'Fastify hello-world', 'ratio'),
      mb('RSS before (MB)', (r) => r.rssBefore),
      mb('RSS peak (MB)', (r) => r.rssPeak),
      mb('RSS 5 s after the attack (MB)', (r) => r.rssAfter5),
      mb('RSS growth, peak - before (MB)', (r) => r.rssPeak - r.rssBefore),
      mb('requests the attackers sent (into their kernel)', (r) => r.requestsSent),
      row(
        'attacker sockets closed by the server',
        `${app.closedByServer} of ${app.opened}`,
        `${hello.closedByServer} of ${hello.opened}`,
      ),
      mb('server send queues, peak (MB)', (r) => r.sendQPeak),
      row('health during (p50 / p99 / max ms)', hp(app.health), hp(hello.health)),
      row(
        'health polls failed during',
        `${app.health.failures} of ${app.health.polls}`,
        `${hello.health.failures} of ${hello.health.polls}`,
      ),
      row('health answers within 1 s again after', recovered(app), recovered(hello)),
      row('idle control event-loop lag during', app.controlLag, hello.controlLag),
      row('log lines during', String(app.logLines), String(hello.logLines)),
      row('target process exited', app.exited, hello.exited),
      `target (issue 29, not asserted): ${SOCKETS} pipelining sockets cost ≤ 300 MB, and health answers within 5 s after`,
    ].join('\n'),
  )
}
const hp = (h: HealthFigures) => `${fmt(h.p50, 0)} / ${fmt(h.p99, 0)} / ${fmt(h.max, 0)}`

async function pipelinePart() {
  console.log(
    `\n== pipeline: ${SOCKETS} sockets from ${ATTACKER_ADDRESS} × ${fmt(BYTES / 1024, 0)} KB of pipelined GET / (never read), held ${SECONDS} s; bystander from ${BYSTANDER_ADDRESS} every 250 ms, fresh connection, 5 s timeout, during and ${AFTER_SECONDS} s after`,
  )
  console.log(`machine: ${machineLoad()}`)
  const server = await startBuiltServer()
  const app = await pipelineAttack(server).finally(() => server.close())
  console.log(`machine after the server's run: ${machineLoad()}`)
  const control = await startControl()
  const hello = await pipelineAttack(control).finally(() => control.close())
  printPipeline(app, hello)
}

async function streamsPart() {
  console.log(
    `\n== streams: one bronze wallet opens ${STREAMS} push streams from ${ATTACKER_ADDRESS} and never reads them, ${SECONDS} s; room seeded with ${SEED_MESSAGES} messages (~1 KB), ${POSTS_PER_SECOND} more a second during; bystander from ${BYSTANDER_ADDRESS}`,
  )
  console.log(`machine: ${machineLoad()}`)
  const server = await startBuiltServer()
  try {
    const { base, port, pid } = server
    const room = await bronzeRoom(base, SETUP_ADDRESS)
    const cookie = await signInAttacker(base, ATTACKER_ADDRESS)
    const posters = await signInPosters(base, postersFor(SEED_MESSAGES))
    const seeded = await seedRoom(base, room.id, posters, SEED_MESSAGES)
    console.log(`room ${room.id}: seed posts ${counts(seeded)} (${posters.length} wallets)`)

    const mem0 = memoryOf(pid)
    const logs0 = server.logLines()
    const control = await idleControl()
    const attack = attackers()
    const probe = sampler(pid, port, () => attack.pid)
    const poller = bystander(port, server.healthPath)
    const poster = keepPosting(base, room.id, posters, POSTS_PER_SECOND)
    control.start()
    const start = performance.now()
    const opened = await attack.ask(
      {
        cmd: 'streams',
        port,
        streams: STREAMS,
        path: `/api/chat/rooms/${room.id}/events?after=0`,
        headers: { cookie, origin: base, accept: 'text/event-stream' },
        localAddress: ATTACKER_ADDRESS,
      },
      'opened',
    )
    const openS = (performance.now() - start) / 1000
    await sleep(SECONDS * 1000 - (performance.now() - start))
    const atEnd = socketCensus(port, attack.pid)
    const rssEnd = memoryOf(pid).rssMb
    const end = performance.now()
    const controlLag = await control.stop()
    const posted = await poster.stop()
    await attack.ask({ cmd: 'close' }, 'closed')
    probe.stop()
    const polls = await poller.stop()
    const rssPeak = peakRss(mem0.hwmMb, memoryOf(pid).hwmMb, probe.peak.rssMb)
    const statuses = opened.statuses as Record<string, number>
    console.log(
      [
        `streams: ${statuses['200'] ?? 0} accepted (200) of ${STREAMS}; answers ${counts(statuses)} (all sent in ${fmt(openS, 1)} s)`,
        `attacker sockets still open at the end: ${atEnd.attackerOpen} of ${STREAMS}`,
        `server send queues (Send-Q, all its sockets on :${port}): peak ${fmt(probe.peak.serverSendQMb, 1)} MB, at the end ${fmt(atEnd.serverSendQMb, 1)} MB (established ${fmt(atEnd.establishedSendQMb, 1)} MB over ${atEnd.serverSockets} sockets)`,
        `attacker side (its own kernel, not the server's cost): receive queues ${fmt(atEnd.attackerRecvQMb, 1)} MB at the end`,
        `server RSS: before ${fmt(mem0.rssMb, 0)} MB, peak ${fmt(rssPeak, 0)} MB, at the end ${fmt(rssEnd, 0)} MB; growth ${fmt(rssPeak - mem0.rssMb, 0)} MB`,
        `health during: ${healthText(healthIn(polls, start, end))}`,
        `posts during: ${counts(posted)}; server log lines during: ${server.logLines() - logs0}`,
        `idle control lag during: ${lagText(controlLag)}`,
        `target (issue 29, not asserted): ${STREAMS} non-reading streams from one wallet cost ≤ 64 MB of send queues, with health p99 ≤ 1 s throughout`,
      ].join('\n'),
    )
  } finally {
    await server.close()
  }
}

process.on('exit', killAll)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll()
    process.exit(130)
  })
}

console.log(
  `bench:attack — loopback only; parts: ${PARTS.join(', ')}; node ${process.version}; at ${new Date().toISOString()}`,
)
console.log(`machine at start: ${machineLoad()}`)
try {
  await ensureBuiltClient()
  if (PARTS.includes('pipeline')) await pipelinePart()
  if (PARTS.includes('streams')) await streamsPart()
} finally {
  await Promise.race([Promise.all([...probes].map((p) => p.stop())), sleep(2_000)])
  killAll()
}
console.log(`\nmachine at end: ${machineLoad()}`)
process.exit(0)
