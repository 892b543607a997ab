import { describe, expect, it } from 'vitest'
import { NAV_ENTRIES, documentTitle, isCurrent } from './navigation'

describe('navigation', () => {
  it('has the 14 entries of SPEC §2 in order', () => {
    expect(NAV_ENTRIES.map((e) => e.label)).toEqual([
      'Swarm Core',
      'Analytics',
      'Database',
      'Compute',
      'Diagnostics',
      'Token Info',
      'Blinks',
      'Game',
      'Labs',
      'Marketplace',
      'Whitelist',
      'Chat',
      'Terminal',
      'Settings',
    ])
  })
  it.each([
    ['/', '/', true],
    ['/', '/chat', false],
    ['/chat', '/chat/', true],
    ['/chat', '/chatter', false],
  ])('entry %s is current at %s: %s', (path, pathname, expected) => {
    const entry = NAV_ENTRIES.find((e) => e.path === path)!
    expect(isCurrent(entry, pathname)).toBe(expected)
  })
})

describe('documentTitle', () => {
  it.each([
    ['/', 'Swarm Core · vPOS Swarm'],
    ['/chat', 'Chat · vPOS Swarm'],
    ['/token/', 'Token Info · vPOS Swarm'],
    ['/nope', 'Page Not Found · vPOS Swarm'],
  ])('%s → %s', (path, title) => {
    expect(documentTitle(path)).toBe(title)
  })
})
