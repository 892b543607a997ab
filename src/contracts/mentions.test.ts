import { describe, expect, it } from 'vitest'
import { findMentions, mentionQuery, mentionedWallets } from './mentions'

const people = [
  { walletAddress: 'A', displayName: 'alice' },
  { walletAddress: 'B', displayName: 'Bob Smith' },
  { walletAddress: 'C', displayName: 'bob' },
  { walletAddress: 'D', displayName: 'alice' },
]

describe('mentions', () => {
  it.each([
    ['hi @alice', ['A', 'D']],
    ['hi @ALICE!', ['A', 'D']],
    ['@Bob Smith said', ['B']],
    ['@bob said', ['C']],
    ['@bobby', []],
    ['mail me at x@alice', []],
    ['no mention', []],
    ['@alice @bob', ['A', 'D', 'C']],
  ])('%s → %j', (text, wallets) => {
    expect(mentionedWallets(text, people, 'nobody')).toEqual(wallets)
  })

  it('leaves the author out and reports spans', () => {
    expect(mentionedWallets('@bob hi', people, 'C')).toEqual([])
    expect(findMentions('yo @Bob Smith.', people)).toEqual([{ start: 3, end: 13, wallets: ['B'] }])
  })

  it.each([
    ['hi @al', 6, { start: 3, query: 'al' }],
    ['hi @', 4, { start: 3, query: '' }],
    ['x@al', 4, null],
    ['no at', 5, null],
  ])('query of %j at %i', (text, caret, want) => {
    expect(mentionQuery(text, caret)).toEqual(want)
  })
})
