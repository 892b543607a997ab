import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toAgent, type Agent } from '../agentFields'
import { bufferDigest } from '../digest'
import { createSwarmSim } from '../engine'
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
import { mutatedFile, numbersOutOfRange } from '../../testing/snapshotSupport'

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
    ['an unknown mode', (f) => ((f.snapshots[0].agents[1].mode = 'dance'), f), 'agents.1.mode: '],
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

describe('import bounds every number (issue 29)', () => {
  type File = {
    snapshots: {
      timestamp: number
      world: { width: number; height: number }
      efficiency: number
      metrics: Record<string, number>
      agents: (Record<string, number> & { target: { x: number; y: number } })[]
    }[]
  }
  /** one snapshot of 12 agents in the 1600 × 1000 world */
  const good = (): File => JSON.parse(exportSnapshots([snap()], 'now'))
  type Snap = File['snapshots'][number]
  type Agent = Snap['agents'][number]
  const agent = (edit: (a: Agent) => void) => (s: Snap) => edit(s.agents[3]!)

  it.each<[string, (s: Snap) => void, string]>([
    // agents: coordinates within the world ± 1,000
    [
      'x 1e308',
      agent((a) => (a.x = 1e308)),
      'agents.3.x: must be between -1,000 and 2,600 (it is 1e+308)',
    ],
    [
      'x -1e308',
      agent((a) => (a.x = -1e308)),
      'agents.3.x: must be between -1,000 and 2,600 (it is -1e+308)',
    ],
    [
      'y past the margin',
      agent((a) => (a.y = 2000.5)),
      'agents.3.y: must be between -1,000 and 2,000 (it is 2000.5)',
    ],
    [
      'target.x',
      agent((a) => (a.target.x = -1001)),
      'agents.3.target.x: must be between -1,000 and 2,600 (it is -1001)',
    ],
    [
      'target.y',
      agent((a) => (a.target.y = 1e308)),
      'agents.3.target.y: must be between -1,000 and 2,000 (it is 1e+308)',
    ],
    [
      'size',
      agent((a) => (a.size = 1e308)),
      'agents.3.size: must be between 0 and 20 (it is 1e+308)',
    ],
    [
      'a negative size',
      agent((a) => (a.size = -1)),
      'agents.3.size: must be between 0 and 20 (it is -1)',
    ],
    [
      'speedX',
      agent((a) => (a.speedX = 1e308)),
      'agents.3.speedX: must be between -10 and 10 (it is 1e+308)',
    ],
    [
      'speedY',
      agent((a) => (a.speedY = -11)),
      'agents.3.speedY: must be between -10 and 10 (it is -11)',
    ],
    [
      'processingPower',
      agent((a) => (a.processingPower = 1e308)),
      'agents.3.processingPower: must be between 0 and 100 (it is 1e+308)',
    ],
    [
      'efficiency',
      agent((a) => (a.efficiency = -0.5)),
      'agents.3.efficiency: must be between 0 and 100 (it is -0.5)',
    ],
    [
      'eight connections',
      agent((a) => (a.connections = 8)),
      'agents.3.connections: must be between 0 and 7 (it is 8)',
    ],
    [
      'lastActiveTime',
      agent((a) => (a.lastActiveTime = 1e308)),
      'agents.3.lastActiveTime: must be between 0 and 8,640,000,000,000,000 (it is 1e+308)',
    ],
    [
      'energy above 100',
      agent((a) => (a.energyLevel = 101)),
      'agents.3.energyLevel: must be between 0 and 100 (it is 101)',
    ],
    [
      'pulseRate',
      agent((a) => (a.pulseRate = 1e308)),
      'agents.3.pulseRate: must be between 0 and 10 (it is 1e+308)',
    ],
    // the snapshot
    [
      'timestamp',
      (s) => (s.timestamp = 1e308),
      'timestamp: must be between 0 and 8,640,000,000,000,000 (it is 1e+308)',
    ],
    [
      'a world 1e308 wide',
      (s) => (s.world.width = 1e308),
      'world.width: must be between 1 and 150,000 (it is 1e+308)',
    ],
    [
      'a zero-size world',
      (s) => (s.world.height = 0),
      'world.height: must be between 1 and 150,000 (it is 0)',
    ],
    [
      'efficiency',
      (s) => (s.efficiency = 1e308),
      'efficiency: must be between 0 and 100 (it is 1e+308)',
    ],
    [
      'totalAgents',
      (s) => (s.metrics.totalAgents = 1e308),
      'metrics.totalAgents: must be between 0 and 1,000,000 (it is 1e+308)',
    ],
    [
      'activeAgents',
      (s) => (s.metrics.activeAgents = -1),
      'metrics.activeAgents: must be between 0 and 1,000,000 (it is -1)',
    ],
    [
      'processingPower',
      (s) => (s.metrics.processingPower = 1e308),
      'metrics.processingPower: must be between 0 and 100,000,000 (it is 1e+308)',
    ],
    [
      'averageEfficiency',
      (s) => (s.metrics.averageEfficiency = 101),
      'metrics.averageEfficiency: must be between 0 and 100 (it is 101)',
    ],
    [
      'networkLatency',
      (s) => (s.metrics.networkLatency = -1e308),
      'metrics.networkLatency: must be between 0 and 1,000,000 (it is -1e+308)',
    ],
    [
      'completedTasks',
      (s) => (s.metrics.completedTasks = 2 ** 53 + 2),
      'metrics.completedTasks: must be between 0 and 9,007,199,254,740,991 (it is 9007199254740994)',
    ],
  ])('refuses %s out of range, naming the field and its range', (_label, edit, message) => {
    const file = good()
    edit(file.snapshots[0]!)
    expect(parseSnapshotFile(JSON.stringify(file))).toEqual({
      ok: false,
      error: `Invalid snapshot file: snapshots.0.${message}`,
    })
  })

  it('refuses 1e309 (JSON.parse reads it as Infinity)', () => {
    const file = good()
    file.snapshots[0]!.agents[2]!.x = 123.25
    const text = JSON.stringify(file).replace('"x":123.25', '"x":1e309')
    const r = parseSnapshotFile(text)
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(r.error).toMatch(/^Invalid snapshot file: snapshots\.0\.agents\.2\.x: .*Infinity/)
  })

  it('the second snapshot of a file is named by its index', () => {
    const file = good()
    file.snapshots.push(structuredClone(file.snapshots[0]!))
    file.snapshots[1]!.agents[0]!.y = -5000
    expect(parseSnapshotFile(JSON.stringify(file))).toMatchObject({
      error:
        'Invalid snapshot file: snapshots.1.agents.0.y: must be between -1,000 and 2,000 (it is -5000)',
    })
  })

  it.each<[string, (s: Snap) => void]>([
    ['coordinates on the margin', agent((a) => ((a.x = -1000), (a.y = 2000), (a.target.x = 2600)))],
    ['-0 everywhere zero is allowed', agent((a) => ((a.x = -0), (a.size = -0), (a.speedX = -0)))],
    [
      'a world as large as 1,000,000 agents get, agents anywhere in it',
      (s) => {
        s.world = { width: 132_417, height: 82_761 }
        s.agents[0]!.x = 133_417
        s.agents[0]!.target.y = 83_761
      },
    ],
    [
      'the edges of the other ranges',
      (s) => {
        Object.assign(s.agents[1]!, {
          size: 20,
          speedX: -10,
          speedY: 10,
          connections: 0,
          pulseRate: 10,
        })
        Object.assign(s.agents[2]!, {
          processingPower: 100,
          efficiency: 0,
          energyLevel: 100,
          lastActiveTime: 8.64e15,
        })
        s.timestamp = 8.64e15
        s.metrics.completedTasks = Number.MAX_SAFE_INTEGER
      },
    ],
  ])('accepts %s', (_label, edit) => {
    const file = good()
    edit(file.snapshots[0]!)
    const r = parseSnapshotFile(JSON.stringify(file))
    if (!r.ok) throw new Error(r.error)
    expect(numbersOutOfRange(r.snapshots[0]!)).toEqual([])
  })

  it('any number, the full double range: refused naming the field, or every number in range (property)', () => {
    fc.assert(
      fc.property(mutatedFile(good()), (text) => {
        const r = parseSnapshotFile(text)
        if (!r.ok) {
          expect(r.error).toMatch(/^Invalid snapshot file: snapshots\.0\.[\w.]+: \S/)
          return
        }
        for (const s of r.snapshots) expect(numbersOutOfRange(s)).toEqual([])
      }),
      { seed: 29, numRuns: 500 },
    )
  })
})
