import { describe, expect, it } from 'vitest'
import type { ChatMessage, Participant } from '../../contracts/chat'
import {
  momentChips,
  sendFailureText,
  accessDeniedText,
  canBuy,
  canSend,
  countLabel,
  firstUnreadId,
  formatAmount,
  hasRoomAccess,
  isNearBottom,
  lastSeenText,
  MAX_KEPT_MESSAGES,
  mergeMessages,
  nextCursor,
  noRoomHint,
  onlineCount,
  reactionCounts,
  reactionMethod,
  refusalText,
  safeColor,
  vposShort,
  withCosmetics,
} from './chatLogic'

const msg = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  roomId: 'r',
  walletAddress: 'W',
  displayName: 'n',
  content: `m${id}`,
  createdAt: '2025-01-01T00:00:00.000Z',
  clientId: null,
  reactions: {},
  mentions: [],
  isStaff: false,
  badge: null,
  title: null,
  hidden: false,
  ...over,
})

describe('messages', () => {
  it.each([
    [[], [], []],
    [[1, 2], [3], [1, 2, 3]],
    [[1, 3], [2], [1, 2, 3]],
    [
      [1, 2],
      [2, 3],
      [1, 2, 3],
    ],
    [[], [5, 4], [4, 5]],
  ])('merge %j + %j -> %j', (a, b, ids) => {
    expect(
      mergeMessages(
        a.map((i) => msg(i)),
        b.map((i) => msg(i)),
      ).map((m) => m.id),
    ).toEqual(ids)
  })

  it('a re-delivered message replaces the old copy (fresh reactions)', () => {
    const merged = mergeMessages([msg(1)], [msg(1, { content: 'edited' })])
    expect(merged.map((m) => m.content)).toEqual(['edited'])
  })

  it('keeps at most the newest MAX_KEPT_MESSAGES', () => {
    const many = Array.from({ length: MAX_KEPT_MESSAGES + 10 }, (_, i) => msg(i + 1))
    const merged = mergeMessages([], many)
    expect(merged).toHaveLength(MAX_KEPT_MESSAGES)
    expect(merged[0]?.id).toBe(11)
  })

  it.each([
    [0, [], 0],
    [4, [2, 9, 5], 9],
    [12, [3], 12],
  ])('cursor %d after %j -> %d', (cursor, ids, next) => {
    expect(
      nextCursor(
        cursor,
        ids.map((i) => msg(i)),
      ),
    ).toBe(next)
  })
})

describe('auto-scroll', () => {
  it.each([
    [900, 1000, 100, true],
    [800, 1000, 100, true],
    [799, 1000, 100, false],
    [0, 1000, 100, false],
    [0, 50, 100, true],
  ])(
    'scrollTop %d of %d (view %d) near bottom: %s',
    (scrollTop, scrollHeight, clientHeight, near) => {
      expect(isNearBottom({ scrollTop, scrollHeight, clientHeight })).toBe(near)
    },
  )
})

describe('participants', () => {
  const now = Date.parse('2025-01-01T00:10:00.000Z')
  const p = (secondsAgo: number): Participant => ({
    walletAddress: String(secondsAgo),
    displayName: 'x',
    lastSeen: new Date(now - secondsAgo * 1000).toISOString(),
    isStaff: false,
    badge: null,
    title: null,
  })
  it('counts those seen within 30 s as online', () => {
    expect(onlineCount([p(0), p(10), p(30), p(31), p(600)], now)).toBe(3)
  })
  it.each([
    [0, 'just now'],
    [4, 'just now'],
    [5, '5s ago'],
    [59, '59s ago'],
    [60, '1m ago'],
    [3599, '59m ago'],
    [3600, '1h ago'],
    [86_400 * 2, '2d ago'],
  ])('%d s ago reads %j', (s, text) => {
    expect(lastSeenText(new Date(now - s * 1000).toISOString(), now)).toBe(text)
  })
})

describe('reactions', () => {
  const reactions = {
    '🔥': { walletAddresses: ['A', 'B'] },
    '🚀': { walletAddresses: ['B'] },
    '👏': { walletAddresses: [] },
  }
  it('lists the five counts-bar emojis, then other used ones', () => {
    expect(reactionCounts(reactions, 'A')).toEqual([
      { emoji: '👍', count: 0, mine: false },
      { emoji: '👎', count: 0, mine: false },
      { emoji: '❤️', count: 0, mine: false },
      { emoji: '🔥', count: 2, mine: true },
      { emoji: '😂', count: 0, mine: false },
      { emoji: '🚀', count: 1, mine: false },
    ])
  })
  it.each([
    ['🔥', 'A', 'DELETE'],
    ['🔥', 'C', 'POST'],
    ['👍', 'A', 'POST'],
    ['🚀', 'B', 'DELETE'],
  ] as const)('%s by %s toggles with %s', (emoji, wallet, method) => {
    expect(reactionMethod(reactions, emoji, wallet)).toBe(method)
  })
})

describe('rules', () => {
  it.each([
    ['hi', 'room', 'W', true],
    ['   ', 'room', 'W', false],
    ['', 'room', 'W', false],
    ['hi', null, 'W', false],
    ['hi', 'room', null, false],
  ])('canSend(%j, %j, %j) = %s', (content, room, wallet, ok) => {
    expect(canSend(content, room, wallet)).toBe(ok)
  })

  it.each([
    [1000, 1000, false, true],
    [999.99, 1000, false, false],
    [5000, 1000, true, false],
    [null, 0, false, false],
  ])('canBuy(balance %s, price %s, processing %s) = %s', (balance, price, busy, ok) => {
    expect(canBuy(balance, price, busy)).toBe(ok)
  })

  const levels = { bronze: true, silver: false, gold: false, platinum: false }
  it.each([
    ['bronze', levels, false, true],
    ['silver', levels, false, false],
    ['platinum', levels, true, true],
    ['bronze', null, false, false],
  ] as const)('access to %s with %j (staff %s) = %s', (tier, lv, staff, ok) => {
    expect(hasRoomAccess(tier, lv, staff)).toBe(ok)
  })

  it('words the Access Denied toast', () => {
    expect(accessDeniedText({ name: 'Gold Vault', requiredTokenAmount: 100_000 })).toBe(
      'You need at least 100,000 vPOS tokens to access Gold Vault',
    )
  })

  it.each([
    [0, '0'],
    [1234.5, '1,234.5'],
    [1234567.891, '1,234,567.89'],
  ])('formatAmount(%d) = %s', (n, text) => {
    expect(formatAmount(n)).toBe(text)
  })

  it.each([
    ['#00ffd5', '#00ffd5'],
    ['#FFF', '#FFF'],
    ['red', null],
    ['#00f; background:url(x)', null],
    [null, null],
  ])('safeColor(%j) = %j', (input, out) => {
    expect(safeColor(input)).toBe(out)
  })

  it('puts the new cosmetics on this wallet’s messages only', () => {
    const badge = { itemId: 'b', display: 'B', color: null }
    const out = withCosmetics([msg(1), msg(2, { walletAddress: 'X' })], 'W', badge, null)
    expect(out.map((m) => m.badge)).toEqual([badge, null])
  })
})

describe('sendFailureText', () => {
  it.each([
    [
      429,
      'Too many requests: try again in 7 seconds',
      '7',
      'Failed to send message: sending too fast. Try again in 7 seconds.',
    ],
    [
      429,
      'Too many requests: try again in 3 seconds',
      null,
      'Failed to send message: sending too fast. Try again in 3 seconds.',
    ],
    [429, null, '1', 'Failed to send message: sending too fast. Try again in 1 second.'],
    [429, null, null, 'Failed to send message: sending too fast. Try again shortly.'],
    [403, 'Wallet mismatch', null, 'Failed to send message: Wallet mismatch'],
    [
      403,
      'Muted in this room until 12:34 UTC',
      null,
      'Failed to send message: Muted in this room until 12:34 UTC',
    ],
    [
      429,
      'Slow mode: one message every 30 s in this room; try again in 12 s',
      '12',
      'Failed to send message: Slow mode: one message every 30 s in this room; try again in 12 s',
    ],
    [500, 'boom', null, 'Failed to send message'],
    [0, null, null, 'Failed to send message'],
  ])('%d %s (Retry-After %s) → %s', (status, error, retryAfter, text) => {
    expect(sendFailureText(status, error, retryAfter)).toBe(text)
  })
})

describe('refusalText', () => {
  it.each([
    [
      'Invalid displayName: must be at most 32 characters',
      'displayName',
      'Display name must be at most 32 characters',
    ],
    [
      'Invalid displayName: must contain at least one visible character',
      'displayName',
      'Display name must contain at least one visible character',
    ],
    // without the `field` (an older server), the name in the text is read
    ['Invalid displayName: must not be empty', null, 'Display name must not be empty'],
    ['Invalid content: must not be empty', 'content', 'Message must not be empty'],
    // texts already in the page's words, and fields the chat has no name for, pass unchanged
    [
      'This display name is reserved for the vPOS Team',
      'displayName',
      'This display name is reserved for the vPOS Team',
    ],
    ['Invalid walletAddress: not base58', 'walletAddress', 'Invalid walletAddress: not base58'],
    ['Unknown field: extra', 'extra', 'Unknown field: extra'],
    ['Invalid body', null, 'Invalid body'],
  ])('%s (field %s) → %s', (error, field, text) => {
    expect(refusalText(error, field)).toBe(text)
  })
})

describe('vposShort', () => {
  it.each([
    [250, 1_000, 750],
    [731.78, 1_000, 269],
    [999.5, 1_000, 1],
    [1_000, 1_000, 0],
    [5_000, 1_000, 0],
    [null, 1_000, 0],
  ])('balance %s, room %d → %d more', (balance, required, short) => {
    expect(vposShort(balance, required)).toBe(short)
  })
})

describe('noRoomHint', () => {
  const rooms = [
    { tier: 'silver', requiredTokenAmount: 10_000 },
    { tier: 'bronze', requiredTokenAmount: 1_000 },
    { tier: 'gold', requiredTokenAmount: 100_000 },
  ] as const
  const none = { bronze: false, silver: false, gold: false, platinum: false }

  it('says what the wallet holds, what the cheapest room needs and what to do', () => {
    expect(noRoomHint(250, rooms, none, false)).toBe(
      'Your 250 vPOS opens no room yet: add 750 vPOS to this wallet for the Bronze rooms (1,000 vPOS), then connect it again.',
    )
  })

  it.each([
    ['a room opens', 1_500, { ...none, bronze: true }, false, rooms],
    ['staff enter every room', 0, none, true, rooms],
    ['the balance is unknown', null, null, false, rooms],
    ['no rooms are listed', 0, none, false, []],
  ] as const)('none when %s', (_, balance, levels, staff, list) => {
    expect(noRoomHint(balance, list, levels, staff)).toBeNull()
  })
})

describe('unread', () => {
  const list = [msg(1), msg(2, { walletAddress: 'ME' }), msg(3, { hidden: true }), msg(4)]
  it.each([
    [null, null],
    [0, 1],
    [1, 4],
    [4, null],
  ])('after mark %j the divider goes above %j', (readFrom, want) => {
    expect(firstUnreadId(list, readFrom, 'ME')).toBe(want)
  })
  it.each([
    [0, '0'],
    [99, '99'],
    [100, '99+'],
  ])('count %i reads %s', (n, text) => expect(countLabel(n)).toBe(text))
})

describe('moment chips (issue 33: a shared moment in a message)', () => {
  const O = 'http://127.0.0.1:5173'
  const AT = new Date(2026, 10, 27, 14, 2, 13).getTime()
  it.each<[string, { to: string; label: string }[]]>([
    [
      `look ${O}/?feed=live&at=${AT}.`,
      [{ to: `/?feed=live&at=${AT}`, label: 'Moment · 14:02:13' }],
    ],
    [
      `${O}/?at=${AT}&x=3 and ${O}/?at=${AT + 1000}`,
      [
        { to: `/?at=${AT}&x=3`, label: 'Moment · 14:02:13' },
        { to: `/?at=${AT + 1000}`, label: 'Moment · 14:02:14' },
      ],
    ],
    [`other site http://evil.example/?at=${AT}`, []],
    [`${O}/chat?at=${AT}`, []],
    [`${O}/?x=1 no moment`, []],
    ['<b>plain text</b>', []],
  ])('%s', (text, chips) => {
    expect(momentChips(text, O).map(({ to, label }) => ({ to, label }))).toEqual(chips)
  })
})
