import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DisplayNameSchema, MessageContentSchema } from './chat'
import { ResourceIdSchema, textPolicyProblem, userText } from './text'

/** ASCII spelled in tag characters (U+E0020–U+E007E), which draw nothing. */
const tags = (ascii: string) =>
  [...ascii].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')
/** 🏴 + a subdivision code in tag characters + CANCEL TAG. */
const tagFlag = (code: string) => `\u{1F3F4}${tags(code)}\u{E007F}`
const INVISIBLE =
  '\u200b\u200c\u200d\u2060\ufeff\u00ad\u034f\ufe0f\u3164\u2800\u115f\u1160\uffa0 \t\n\u00a0\u3000'
const SEEN = 'must contain at least one visible character'
const TAGS = 'must not contain invisible tag characters'
const SEPARATORS = 'must not contain line or paragraph separators'

// 500 fast-check strings: over the 5 s default on a busy 2-core machine (22 s seen under load).
describe('text policy', { timeout: 30_000 }, () => {
  it.each([
    ['plain', 'hello', false, null],
    ['emoji with joiners', '👩‍💻 ok', false, null],
    ['RTL mark', 'שלום\u200f', false, null],
    ['line feed in multi-line text', 'a\nb\tc', true, null],
    ['line feed in single-line text', 'a\nb', false, 'must not contain control characters'],
    ['NUL', 'a\u0000b', true, 'must not contain control characters'],
    ['DEL', 'a\u007fb', true, 'must not contain control characters'],
    ['C1 NEL', 'a\u0085b', true, 'must not contain control characters'],
    ['carriage return', 'a\rb', true, 'must not contain control characters'],
    ['lone high surrogate', 'a\ud800', false, 'must be well-formed Unicode (no lone surrogates)'],
    ['lone low surrogate', '\udc00a', false, 'must be well-formed Unicode (no lone surrogates)'],
    ['RLO override', 'txt\u202egnp', false, 'must not contain bidirectional control characters'],
    ['RLI isolate', 'a\u2067b', false, 'must not contain bidirectional control characters'],
    // RELIABILITY.md §12, finding 6: text that draws nothing
    ['empty', '', false, 'must not be empty'],
    ['spaces only', '   ', true, 'must not be empty'],
    ['zero-width space only', '\u200b', true, SEEN],
    ['zero-width joiner only', '\u200d\u200d', true, SEEN],
    ['word joiner only', '\u2060', true, SEEN],
    ['Hangul filler only', '\u3164', false, SEEN],
    ['halfwidth Hangul filler only', '\uffa0', false, SEEN],
    ['Hangul choseong and jungseong fillers', '\u115f\u1160', false, SEEN],
    ['braille blank only', '\u2800\u2800', true, SEEN],
    ['a mark alone', '\u0301', true, SEEN],
    ['a variation selector alone', '\ufe0f', true, SEEN],
    ['soft hyphen and spaces', ' \u00ad ', true, SEEN],
    ['blank symbols and line feeds', '\u2800\n\u3164\n', true, SEEN],
    ['a letter among blanks', '\u2800a\u200b', false, null],
    ['a letter and its mark', 'e\u0301', false, null],
    ['an emoji alone', '👍', false, null],
    // tag characters: only the RGI subdivision flags
    ['a tag in a message', 'hi\u{E0041}', true, TAGS],
    ['smuggled tag text', `ok${tags('ignore the rules')}`, true, TAGS],
    ['a stray CANCEL TAG', 'a\u{E007F}', true, TAGS],
    ['the Scotland flag', `go ${tagFlag('gbsct')}!`, true, null],
    ['the England and Wales flags', tagFlag('gbeng') + tagFlag('gbwls'), true, null],
    ['a flag that no platform draws', tagFlag('gbabc'), true, TAGS],
    [
      'a flag with hidden letters after it',
      `${tagFlag('gbsct')}${tags('hi')}\u{E007F}`,
      true,
      TAGS,
    ],
    ['a flag without its CANCEL TAG', `\u{1F3F4}${tags('gbsct')}`, true, TAGS],
    // line and paragraph separators
    ['a line separator in single-line text', 'a\u2028b', false, SEPARATORS],
    ['a paragraph separator in single-line text', 'a\u2029', false, SEPARATORS],
    ['a line separator in multi-line text', 'a\u2028b', true, null],
  ])('%s', (_n, text, multiline, problem) => {
    expect(textPolicyProblem(text, multiline)).toBe(problem)
  })

  it('whatever passes survives a UTF-8 round trip unchanged and holds no NUL (property)', () => {
    const schema = userText({ max: 1000, multiline: true })
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const parsed = schema.safeParse(text)
        if (!parsed.success) return
        const stored = new TextDecoder().decode(new TextEncoder().encode(parsed.data))
        expect(stored).toBe(parsed.data)
        expect(parsed.data.includes('\u0000')).toBe(false)
      }),
      { seed: 15, numRuns: 500 },
    )
  })

  it('no string of invisible characters passes (property)', () => {
    const schema = userText({ max: 1000, multiline: true })
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...INVISIBLE), { maxLength: 20 }), (chars) => {
        expect(schema.safeParse(chars.join('')).success).toBe(false)
      }),
      { seed: 29, numRuns: 300 },
    )
  })

  it('every user-string schema applies it', () => {
    expect(MessageContentSchema.safeParse('a\u0000').success).toBe(false)
    expect(DisplayNameSchema.safeParse('a\u202e').success).toBe(false)
    expect(MessageContentSchema.safeParse('  hi  ').data).toBe('hi')
    expect(MessageContentSchema.safeParse('\u200b\u200d').error?.issues[0]?.message).toBe(SEEN)
    expect(DisplayNameSchema.safeParse('\u2800').error?.issues[0]?.message).toBe(SEEN)
    expect(DisplayNameSchema.safeParse('a\u2028b').error?.issues[0]?.message).toBe(SEPARATORS)
  })

  it('room and item ids still pass, invisible ones do not', () => {
    expect(ResourceIdSchema.safeParse('bronze-lounge').success).toBe(true)
    expect(ResourceIdSchema.safeParse('badge-node').success).toBe(true)
    expect(ResourceIdSchema.safeParse('\u200b').success).toBe(false)
  })

  // Lengths are UTF-16 code units (the client's maxLength); zod's .max would count code points.
  it.each([
    ['16 astral emoji (32 units) in a name', DisplayNameSchema, '😀'.repeat(16), null],
    [
      '31 letters and one astral emoji (33 units)',
      DisplayNameSchema,
      `${'x'.repeat(31)}😀`,
      'must be at most 32 characters',
    ],
    [
      '17 astral emoji (34 units) in a name',
      DisplayNameSchema,
      '😀'.repeat(17),
      'must be at most 32 characters',
    ],
    ['500 astral emoji (1000 units) in a message', MessageContentSchema, '😀'.repeat(500), null],
    [
      '999 letters and one astral emoji',
      MessageContentSchema,
      `${'y'.repeat(999)}😀`,
      'must be at most 1000 characters',
    ],
  ] as const)('%s', (_n, schema, text, problem) => {
    const parsed = schema.safeParse(text)
    expect(parsed.error?.issues[0]?.message ?? null).toBe(problem)
  })
})
