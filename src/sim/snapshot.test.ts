import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toAgent, type Agent } from './agents'
import { bufferDigest } from './digest'
import { createSwarmSim } from './engine'
import {
  createSnapshot,
  defaultSnapshotDescription,
  defaultSnapshotName,
  SNAPSHOT_FILE_FORMAT,
  SNAPSHOT_FILE_VERSION,
  exportSnapshotParts,
  exportSnapshots,
  formatSnapshotTime,
  snapshotCreatedText,
  type Snapshot,
} from './snapshot'
import { parseSnapshotFile } from './snapshotFile'

function snap(seed = 1, count = 12): Snapshot {
  const sim = createSwarmSim({ seed, count, epochMs: new Date(2025, 0, 2, 13, 4, 5).getTime() })
  sim.advance(3000)
  sim.failAgent(2, false)
  return createSnapshot({
    id: 'abc123',
    timestamp: sim.nowMs,
    name: defaultSnapshotName(1),
    world: sim.world,
    efficiency: sim.efficiency,
    buffers: sim.buffers,
    metrics: sim.metrics,
    failingAgents: sim.failingIds(),
    messages: [{ id: 'm1', type: 'system', text: 'hello', timestamp: '2025-01-02T12:04:05.000Z' }],
  })
}

describe('snapshot (§3)', () => {
  it.each([
    [1, 'Snapshot 1'],
    [12, 'Snapshot 12'],
  ])('default name %s → %s', (n, name) => expect(defaultSnapshotName(n)).toBe(name))

  it.each([
    [new Date(2025, 0, 2, 13, 4, 5).getTime(), 'Captured at 13:04:05'],
    [new Date(2025, 0, 2, 0, 0, 9).getTime(), 'Captured at 00:00:09'],
  ])('default description at %s → %s', (ms, text) => {
    expect(defaultSnapshotDescription(ms)).toBe(text)
  })

  it('formats the capture time HH:MM:SS', () => {
    expect(formatSnapshotTime(new Date(2025, 5, 6, 7, 8, 9).getTime())).toBe('07:08:09')
  })

  it('copies everything: later changes to the swarm never alter it', () => {
    const sim = createSwarmSim({ seed: 4, count: 30 })
    const messages = [{ id: 'm', type: 'node' as const, text: 't', timestamp: 'x' }]
    const s = createSnapshot({
      id: 'q',
      timestamp: 5,
      name: 'n',
      world: sim.world,
      efficiency: 90,
      buffers: sim.buffers,
      metrics: sim.metrics,
      failingAgents: [],
      messages,
    })
    const digest = bufferDigest(s.agents)
    sim.advance(2000)
    sim.metrics.totalAgents = 999
    messages[0]!.text = 'changed'
    expect(bufferDigest(s.agents)).toBe(digest)
    expect(s.metrics.totalAgents).toBe(30)
    expect(s.messages[0]!.text).toBe('t')
    expect(s.agents.capacity).toBe(30)
  })

  it("logs '[SNAPSHOT] Created snapshot …' with its name and counts", () => {
    const s = snap()
    expect(snapshotCreatedText(s)).toBe(
      '[SNAPSHOT] Created snapshot "Snapshot 1" (12 agents, 1 failing)',
    )
    expect(s.description).toBe('Captured at 13:04:08')
  })
})

describe('export / import', () => {
  it('round-trips agents, failing agents, metrics, messages and texts', () => {
    const a = snap(1)
    const b = { ...snap(2, 40), id: 'def456', name: 'Renamed', description: 'my notes' }
    const text = exportSnapshots([a, b], '2025-01-02T12:00:00.000Z')
    const file = JSON.parse(text)
    expect(file).toMatchObject({ format: 'vpos-swarm-snapshots', version: 1 })
    const result = parseSnapshotFile(text)
    if (!result.ok) throw new Error(result.error)
    expect(result.snapshots).toHaveLength(2)
    const [ra, rb] = result.snapshots
    expect(bufferDigest(ra!.agents)).toBe(bufferDigest(a.agents))
    expect(bufferDigest(rb!.agents)).toBe(bufferDigest(b.agents))
    expect(ra!.failingAgents).toEqual(a.failingAgents)
    expect(rb).toMatchObject({ id: 'def456', name: 'Renamed', description: 'my notes' })
    expect(ra!.metrics).toEqual(a.metrics)
    expect(ra!.messages).toEqual(a.messages)
    expect(ra!.world).toEqual(a.world)
  })

  it('in pieces, the same text as one JSON.stringify of the whole file (empty swarms too)', () => {
    const a = snap(1)
    // 25,000 agents: pieces of 10,000, 10,000 and 5,000
    const b = { ...snap(2, 25_000), id: 'def456' }
    const empty = { ...snap(3), agents: { ...snap(3).agents, count: 0 } }
    const list = [a, empty, b]
    const whole = JSON.stringify({
      format: SNAPSHOT_FILE_FORMAT,
      version: SNAPSHOT_FILE_VERSION,
      exportedAt: 'now',
      snapshots: list.map((s) => {
        const agents: Agent[] = []
        for (let i = 0; i < s.agents.count; i++) agents.push(toAgent(s.agents, i))
        const { id, timestamp, name, description, world, efficiency } = s
        const { metrics, failingAgents, messages } = s
        return {
          ...{ id, timestamp, name, description, world, efficiency },
          ...{ metrics, failingAgents, messages, agents },
        }
      }),
    })
    const join = (l: typeof list) => [...exportSnapshotParts(l, 'now')].map((p) => p.text).join('')
    expect(join(list)).toBe(whole)
    const done = [...exportSnapshotParts(list, 'now')].map((p) => p.agentsDone)
    expect(done.at(-1)).toBe(12 + 25_000)
    expect(done).toEqual([...done].sort((x, y) => x - y))
    expect(join([])).toBe(
      JSON.stringify({
        format: SNAPSHOT_FILE_FORMAT,
        version: 1,
        exportedAt: 'now',
        snapshots: [],
      }),
    )
  })

  const good = () => JSON.parse(exportSnapshots([snap()], 'now'))

  it.each<[string, (f: ReturnType<typeof good>) => unknown, string]>([
    ['not JSON', () => '{oops', 'Invalid snapshot file: not valid JSON'],
    ['another format', (f) => ({ ...f, format: 'x' }), 'Invalid snapshot file: format: '],
    ['a newer version', (f) => ({ ...f, version: 2 }), 'Invalid snapshot file: version: '],
    ['no snapshots list', (f) => ({ ...f, snapshots: undefined }), 'snapshots: '],
    [
      'an agent without x',
      (f) => (delete f.snapshots[0].agents[3].x, f),
      'Invalid snapshot file: snapshots.0.agents.3.x: ',
    ],
    [
      'a bad colour',
      (f) => ((f.snapshots[0].agents[0].color = 'red'), f),
      'snapshots.0.agents.0.color: expected a colour like #00d4ff',
    ],
    [
      'energy above 100',
      (f) => ((f.snapshots[0].agents[1].energyLevel = 101), f),
      'snapshots.0.agents.1.energyLevel: ',
    ],
    [
      'eight connections',
      (f) => ((f.snapshots[0].agents[1].connections = 8), f),
      'snapshots.0.agents.1.connections: ',
    ],
    ['an unknown mode', (f) => ((f.snapshots[0].agents[1].mode = 'dance'), f), 'agents.1.mode: '],
    ['a zero-size world', (f) => ((f.snapshots[0].world.width = 0), f), 'world.width: '],
    ['a bad message type', (f) => ((f.snapshots[0].messages[0].type = 'x'), f), 'messages.0.type'],
    ['an array', () => [], 'Invalid snapshot file: '],
  ])('rejects %s with a clear error', (_label, mutate, message) => {
    const v = mutate(good())
    const text = typeof v === 'string' ? v : JSON.stringify(v)
    const result = parseSnapshotFile(text)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toContain(message)
  })

  it('never throws, whatever the file holds (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (text) => {
          const r = parseSnapshotFile(text)
          return r.ok ? Array.isArray(r.snapshots) : r.error.startsWith('Invalid snapshot file: ')
        },
      ),
    )
  })
})
