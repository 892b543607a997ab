import { describe, expect, it } from 'vitest'
import { createRng } from '../../sim/random'
import {
  WARNING_CAP,
  createClusterState,
  formatEta,
  initialWarnings,
  loadTone,
  priorityFromRoll,
  tickCluster,
  tickWarnings,
  type ComputeNode,
  type WarningsState,
} from './computeData'
import { Scripted } from '../../testing/scriptedRng'

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0)
const NODES: ComputeNode[] = [
  {
    id: 'cn-01',
    type: 'GPU Cluster',
    load: 50,
    cores: 8,
    memory: 50,
    memoryGb: 64,
    status: 'online',
    location: 'x',
    jobs: 2,
  },
  {
    id: 'cn-02',
    type: 'CPU Node',
    load: 0,
    cores: 8,
    memory: 0,
    memoryGb: 64,
    status: 'maintenance',
    location: 'y',
    jobs: 0,
  },
]

describe('eta as hh:mm:ss', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [61, '00:01:01'],
    [3600, '01:00:00'],
    [3 * 3600 + 25 * 60 + 7, '03:25:07'],
    [-4, '00:00:00'],
    [12.6, '00:00:13'],
    [1e9, '99:59:59'],
  ])('%d s -> %s', (s, text) => {
    expect(formatEta(s)).toBe(text)
  })
})

describe('load and memory bar colours (>90 red, >75 yellow)', () => {
  it.each([
    [0, 'green'],
    [75, 'green'],
    [75.1, 'yellow'],
    [90, 'yellow'],
    [90.1, 'red'],
    [100, 'red'],
  ])('%f%% -> %s', (pct, tone) => {
    expect(loadTone(pct)).toBe(tone)
  })
})

describe('priority roll', () => {
  it.each([
    [0, 'high'],
    [0.2999, 'high'],
    [0.3, 'medium'],
    [0.7499, 'medium'],
    [0.75, 'low'],
  ])('%f -> %s', (roll, p) => {
    expect(priorityFromRoll(roll)).toBe(p)
  })
})

describe('warnings tick (20% new, 30% of those critical, keep 5)', () => {
  const empty: WarningsState = { warnings: [], seq: 0 }
  it.each([
    // [rolls, expected level or null]: chance roll, level roll, node pick, text pick
    [[0.2], null],
    [[0.95], null],
    [[0.1999, 0.3, 0, 0], 'warning'],
    [[0, 0.2999, 0.99, 0], 'critical'],
    [[0.05, 0.9, 0.5, 0.99], 'warning'],
  ] as const)('rolls %j -> %s', (rolls, level) => {
    const next = tickWarnings(empty, new Scripted([...rolls]), NODES, NOW)
    if (level === null) {
      expect(next).toBe(empty)
    } else {
      expect(next.warnings).toHaveLength(1)
      expect(next.warnings[0]).toMatchObject({ id: 'w-1', level, timestamp: NOW })
      expect(next.warnings[0]!.message).toMatch(/cn-0[12]/)
    }
  })

  it('keeps the newest 5, newest first', () => {
    let s: WarningsState = empty
    for (let i = 0; i < 8; i++) s = tickWarnings(s, new Scripted([0, 0.5, 0, 0]), NODES, NOW + i)
    expect(s.warnings).toHaveLength(WARNING_CAP)
    expect(s.warnings.map((w) => w.id)).toEqual(['w-8', 'w-7', 'w-6', 'w-5', 'w-4'])
  })

  it('matches the 20% / 30% rates over many seeded ticks', () => {
    const rng = createRng(11)
    let added = 0
    let critical = 0
    const n = 20_000
    let s: WarningsState = empty
    for (let i = 0; i < n; i++) {
      const next = tickWarnings(s, rng, NODES, NOW)
      if (next !== s) {
        added++
        if (next.warnings[0]!.level === 'critical') critical++
      }
      s = next
    }
    expect(added / n).toBeCloseTo(0.2, 1)
    expect(critical / added).toBeCloseTo(0.3, 1)
  })

  it('starts with three warnings, newest first', () => {
    const s = initialWarnings(createRng(1), NODES, NOW)
    expect(s.warnings.map((w) => w.id)).toEqual(['w-3', 'w-2', 'w-1'])
    expect(s.warnings[1]!.level).toBe('critical')
    expect(s.warnings[0]!.timestamp).toBeLessThan(NOW)
    expect(s.warnings[1]!.timestamp).toBeLessThan(s.warnings[0]!.timestamp)
  })
})

describe('cluster', () => {
  it('is deterministic for a seed; tasks run on online nodes', () => {
    const a = createClusterState(createRng(5))
    expect(a).toEqual(createClusterState(createRng(5)))
    expect(a.nodes).toHaveLength(6)
    expect(a.tasks).toHaveLength(6)
    const online = a.nodes.filter((n) => n.status === 'online').map((n) => n.id)
    for (const t of a.tasks) expect(online).toContain(t.node)
    for (const n of a.nodes.filter((x) => x.status === 'maintenance'))
      expect(n).toMatchObject({ load: 0, jobs: 0 })
  })

  it('a tick advances each task by the share of its remaining time and counts its eta down', () => {
    const s0 = {
      nodes: NODES,
      tasks: [
        {
          id: 'task-1',
          name: 'x',
          node: 'cn-01',
          progress: 50,
          eta: 100,
          priority: 'low' as const,
        },
      ],
      taskSeq: 1,
    }
    const s1 = tickCluster(s0, createRng(1), 10)
    expect(s1.tasks[0]).toMatchObject({ id: 'task-1', progress: 55, eta: 90 })
    expect(s1.nodes[1]).toBe(NODES[1]) // maintenance nodes do not drift
    expect(Math.abs(s1.nodes[0]!.load - 50)).toBeLessThanOrEqual(8)
  })

  it('a task that finishes is replaced by the next numbered task', () => {
    const s0 = {
      nodes: NODES,
      tasks: [
        {
          id: 'task-7',
          name: 'x',
          node: 'cn-01',
          progress: 99,
          eta: 10,
          priority: 'high' as const,
        },
      ],
      taskSeq: 7,
    }
    const s1 = tickCluster(s0, createRng(1), 10)
    expect(s1.tasks[0]!.id).toBe('task-8')
    expect(s1.tasks[0]!.node).toBe('cn-01')
    expect(s1.taskSeq).toBe(8)
  })

  it('loads stay within 5..99 over a long walk', () => {
    const rng = createRng(3)
    let s = createClusterState(rng)
    for (let i = 0; i < 2000; i++) {
      s = tickCluster(s, rng)
      for (const n of s.nodes.filter((x) => x.status === 'online')) {
        expect(n.load).toBeGreaterThanOrEqual(5)
        expect(n.load).toBeLessThanOrEqual(99)
        expect(n.memory).toBeGreaterThanOrEqual(10)
        expect(n.memory).toBeLessThanOrEqual(98)
      }
      for (const t of s.tasks) expect(t.progress).toBeLessThanOrEqual(100)
    }
  })
})
