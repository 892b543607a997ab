import { describe, expect, it } from 'vitest'
import type { FeedState } from '../../feed/connection'
import { badgeText } from './feedBadge'
import { dataSourceText, shownSwarm, type ShownSwarm } from './statusWords'

const LIVE: ShownSwarm = { kind: 'live' }
const HISTORY: ShownSwarm = { kind: 'history', behindMs: 83_400 }
const SIMULATED: ShownSwarm = { kind: 'simulated' }
const FORK: ShownSwarm = { kind: 'fork' }
const REPLAY: ShownSwarm = { kind: 'replay' }

describe('status words (DESIGN §5): badge = the connection, DATA SOURCE = what the scene shows', () => {
  // every feed connection state × every kind of swarm shown
  it.each<[FeedState, ShownSwarm, string, string]>([
    ['open', LIVE, 'LIVE DATA', 'LIVE'],
    ['open', HISTORY, 'LIVE DATA', 'LIVE −01:23'],
    ['open', SIMULATED, 'LIVE DATA', 'SIMULATED'],
    ['open', FORK, 'LIVE DATA', 'SIMULATED (LOCAL FORK)'],
    ['open', REPLAY, 'LIVE DATA', 'REPLAY'],
    ['closed', LIVE, 'OFFLINE', 'LIVE (reconnecting)'],
    ['closed', HISTORY, 'OFFLINE', 'LIVE −01:23 (reconnecting)'],
    ['closed', SIMULATED, 'OFFLINE', 'SIMULATED'],
    ['closed', FORK, 'OFFLINE', 'SIMULATED (LOCAL FORK)'],
    ['closed', REPLAY, 'OFFLINE', 'REPLAY'],
    ['connecting', LIVE, 'OFFLINE', 'LIVE (reconnecting)'],
    ['connecting', HISTORY, 'OFFLINE', 'LIVE −01:23 (reconnecting)'],
    ['connecting', SIMULATED, 'OFFLINE', 'SIMULATED'],
    ['connecting', FORK, 'OFFLINE', 'SIMULATED (LOCAL FORK)'],
    ['connecting', REPLAY, 'OFFLINE', 'REPLAY'],
    ['idle', LIVE, 'OFFLINE', 'LIVE (reconnecting)'],
    ['idle', HISTORY, 'OFFLINE', 'LIVE −01:23 (reconnecting)'],
    ['idle', SIMULATED, 'OFFLINE', 'SIMULATED'],
    ['idle', FORK, 'OFFLINE', 'SIMULATED (LOCAL FORK)'],
    ['idle', REPLAY, 'OFFLINE', 'REPLAY'],
  ])('%s, %o → badge %s, DATA SOURCE %s', (connection, shown, badge, source) => {
    expect(badgeText(connection)).toBe(badge)
    expect(dataSourceText(shown, connection)).toBe(source)
    // never contradicting: LIVE… beside OFFLINE says it is reconnecting; LIVE DATA never does
    if (badge === 'OFFLINE' && source.startsWith('LIVE'))
      expect(source).toMatch(/\(reconnecting\)$/)
    if (badge === 'LIVE DATA') expect(source).not.toMatch(/reconnecting/)
  })

  it.each([
    [0, 'LIVE −00:00'],
    [1_499, 'LIVE −00:01'],
    [59_600, 'LIVE −01:00'],
    [600_000, 'LIVE −10:00'],
    [3_599_000, 'LIVE −59:59'],
    [6_000_000, 'LIVE −1:40:00'],
    [86_400_000, 'LIVE −24:00:00'],
  ])('history %d ms behind → %s', (behindMs, text) => {
    expect(dataSourceText({ kind: 'history', behindMs }, 'open')).toBe(text)
  })

  it.each<[string, boolean, boolean, ShownSwarm['kind']]>([
    ['live', false, false, 'live'],
    ['live', true, false, 'live'],
    ['live', true, true, 'replay'],
    ['sim', false, false, 'simulated'],
    ['sim', true, false, 'fork'],
    ['sim', false, true, 'replay'],
    ['sim', true, true, 'replay'],
  ])(
    'store source %s, live available %s, replaying %s → %s',
    (source, liveAvailable, isReplaying, kind) => {
      const s = { source: source as 'sim' | 'live', liveAvailable, snapshots: { isReplaying } }
      expect(shownSwarm(s).kind).toBe(kind)
    },
  )

  it.each<[string, boolean, ShownSwarm]>([
    ['live', false, { kind: 'live' }],
    ['live', true, { kind: 'history', behindMs: 133_000 }],
    ['sim', true, { kind: 'fork' }],
  ])('store source %s, behind %s → %o', (source, active, shown) => {
    const s = {
      source: source as 'sim' | 'live',
      liveAvailable: true,
      snapshots: { isReplaying: false },
      history: { active, behindMs: 133_000 },
    }
    expect(shownSwarm(s)).toEqual(shown)
    if (active && source === 'live')
      expect(dataSourceText(shownSwarm(s), 'open')).toBe('LIVE −02:13')
  })
})
