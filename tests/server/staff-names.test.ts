/**
 * isStaffLookalike as a table (RELIABILITY.md §12, finding 5: 28 of 70 look-alikes got through,
 * three of them identical on screen). The API half is in visible-text.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { isStaffLookalike } from '../../server/chat/staff-names'

describe('isStaffLookalike', () => {
  it.each([
    // the staff names
    ['the staff name', 'vPOS Team'],
    ['a staff tag', '{code}ninja'],
    // blanks that draw as a space (identical on screen)
    ['braille blank for the space', 'vPOS\u2800Team'],
    ['trailing braille blank', 'vPOS Team\u2800'],
    ['a braille blank before the tag', '\u2800{code}'],
    ['Hangul filler for the space', 'vPOS\u3164Team'],
    ['halfwidth Hangul filler', 'vPOS\uFFA0Team'],
    ['Hangul choseong filler', 'vPOS\u115FTeam'],
    ['ideographic space', 'vPOS\u3000Team'],
    // letters drawn another way
    ['small capitals', 'ᴠᴘᴏꜱ ᴛᴇᴀᴍ'],
    ['small capitals and Cyrillic', 'ᴠᴘᴏꜱ тeaм'],
    ['circled letters', 'ⓋⓅⓄⓈ ⓉⒺⒶⓂ'],
    ['circled small letters', 'ⓥⓟⓞⓢ ⓣⓔⓐⓜ'],
    ['parenthesized letters', '⒱⒫⒪⒮ ⒯⒠⒜⒨'],
    ['squared letters', '🅅🄿🄾🅂 🅃🄴🄰🄼'],
    ['negative circled letters', '🅥🅟🅞🅢 🅣🅔🅐🅜'],
    ['negative squared letters', '🆅🅿🅾🆂 🆃🅴🅰🅼'],
    ['regional indicators', '🇻🇵🇴🇸 🇹🇪🇦🇲'],
    ['mathematical bold', 'vPOS 𝐓𝐞𝐚𝐦'],
    ['fullwidth capitals', 'ＶＰＯＳ ＡＤＭＩＮ'],
    ['letter-spaced', 'v p o s admin'],
    ['dotted', 'v.p.o.s.Team'],
    // names that claim authority
    ['a check mark', 'vPOS Team ✓'],
    ['official', 'Official vPOS Team'],
    ['admin', 'vPOS Admin'],
    ['support', 'vPOS Support'],
    ['a moderator tag', '[MOD] vPOS'],
    ['moderators', 'vPOS Moderators'],
    ['devs', 'vPOS Devs'],
    ['help desk', 'vPOS Help Desk'],
    ['glued', 'vposstaff'],
    ['underscored', 'vPOS_Admin'],
    ['staff of', 'Staff of vPOS'],
    ['the bare brand', 'vPOS'],
    ['the bare brand, verified', 'vPOS ✓'],
    // the staff tag anywhere, in any brackets
    ['the tag after text', 'Bob {code}'],
    ['the tag in square brackets', 'Bob [code]'],
    ['the tag after punctuation', '.{code}x'],
  ])('refuses %s: %j', (_why, name) => {
    expect(isStaffLookalike(name)).toBe(true)
  })

  it.each([
    'Alice',
    'vpos fan',
    'vPOSer42',
    'teamwork',
    'Admiral',
    'Team Rocket',
    'code monkey',
    'Алиса',
    'vposmodel',
    'steam vpos',
    'I love vPOS!',
    'Dev Posse',
    'Support Bob',
    'vPOS trader',
    'moderator of nothing',
    '{coder}',
    'Mr. Code',
    'Teamster vPOS',
    '😀',
  ])('lets an ordinary name through: %j', (name) => {
    expect(isStaffLookalike(name)).toBe(false)
  })
})
