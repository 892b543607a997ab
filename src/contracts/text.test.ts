import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DisplayNameSchema, MessageContentSchema } from './chat'
import { textPolicyProblem, userText } from './text'

describe('text policy', () => {
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

  it('every user-string schema applies it', () => {
    expect(MessageContentSchema.safeParse('a\u0000').success).toBe(false)
    expect(DisplayNameSchema.safeParse('a\u202e').success).toBe(false)
    expect(MessageContentSchema.safeParse('  hi  ').data).toBe('hi')
  })
})
