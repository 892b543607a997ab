import { z } from 'zod'

/**
 * The one text policy for every string a user sends (ARCHITECTURE.md §6; RELIABILITY.md §9,
 * finding 5): what passes can be
 * stored by SQLite and PostgreSQL exactly as acknowledged and shown as it was meant.
 * - well-formed Unicode: no lone surrogates (stored as U+FFFD, i.e. not what was acknowledged);
 * - no NUL or other control characters (PostgreSQL cannot store U+0000: it answered 500);
 *   multi-line text keeps line feeds and tabs;
 * - no bidirectional embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069), which
 *   reorder the text around them ("Trojan Source"); the directional marks LRM/RLM/ALM, which
 *   cannot, are allowed, as are joiners (emoji sequences need U+200D).
 * RELIABILITY.md §12, finding 6 (invisible text was stored):
 * - at least one visible character: whitespace, format and default-ignorable characters
 *   (U+200B, U+2060, U+3164 HANGUL FILLER…), marks on their own and the blank braille pattern
 *   U+2800 all draw nothing, so a message or name made only of them reads as empty;
 * - no tag characters (U+E0000–U+E007F): they draw nothing but carry ASCII, so text can be
 *   smuggled past a reader (and into anything that feeds chat to a language model). The one
 *   exception is the RGI subdivision flags (England, Scotland, Wales: 🏴 + tags + U+E007F), the
 *   only tag sequences any platform draws; every other sequence shows a plain black flag with
 *   its letters hidden, so it is refused like a stray tag;
 * - no line or paragraph separators (U+2028, U+2029) in single-line text: they break a name
 *   over lines. Multi-line text may keep them, as it keeps line feeds.
 * Lengths are UTF-16 code units, String.prototype.length: what the client's `maxLength` and
 * its character counters measure (zod 4's .min/.max count code points, hence the own check).
 */

/** Lone surrogates: in a `u` regex a paired surrogate is one code point, so only lone ones match. */
const LONE_SURROGATE = /\p{Cs}/u
/** C0 (except TAB and LF), DEL and C1 controls: matching them is the point here. */
/* eslint-disable no-control-regex */
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/
/* eslint-enable no-control-regex */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/
const TAG = /[\u{E0000}-\u{E007F}]/u
const LINE_SEPARATOR = /[\u2028\u2029]/

/** 🏴 + the subdivision code spelled in tag characters + CANCEL TAG (UTS #51 tag sequence). */
const flagTagSequence = (code: string) =>
  `\u{1F3F4}${[...code].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')}\u{E007F}`
const RGI_FLAG_TAG_SEQUENCES = ['gbeng', 'gbsct', 'gbwls'].map(flagTagSequence)

/**
 * Letters and symbols that draw as a blank: the braille blank U+2800 and the Hangul fillers
 * U+115F, U+1160, U+3164, U+FFA0 (named although the fillers are default-ignorable too).
 */
export const BLANK_SYMBOLS = '\u2800\u115F\u1160\u3164\uFFA0'
/** A character that draws something. */
const VISIBLE = new RegExp(
  `[^\\s\\p{Z}\\p{Cc}\\p{Cf}\\p{M}\\p{Default_Ignorable_Code_Point}${BLANK_SYMBOLS}]`,
  'u',
)

/** Why `text` breaks the policy, or null when it passes. */
export function textPolicyProblem(text: string, multiline = false): string | null {
  if (LONE_SURROGATE.test(text)) return 'must be well-formed Unicode (no lone surrogates)'
  if ((multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(text)) {
    return 'must not contain control characters'
  }
  if (BIDI_CONTROL.test(text)) return 'must not contain bidirectional control characters'
  if (TAG.test(RGI_FLAG_TAG_SEQUENCES.reduce((t, flag) => t.replaceAll(flag, ''), text))) {
    return 'must not contain invisible tag characters'
  }
  if (!multiline && LINE_SEPARATOR.test(text)) {
    return 'must not contain line or paragraph separators'
  }
  if (!VISIBLE.test(text)) {
    return text.trim() === '' ? 'must not be empty' : 'must contain at least one visible character'
  }
  return null
}

/**
 * A user string under the text policy: checked, then trimmed and length-bounded in UTF-16 code
 * units. Every user-string schema in src/contracts is built from this.
 */
export function userText(opts: { min?: number; max: number; multiline?: boolean; trim?: boolean }) {
  const { min = 1, max, multiline = false, trim = true } = opts
  const base = z.string().superRefine((text, ctx) => {
    const problem = textPolicyProblem(text, multiline)
    // continue: false: one reason per field, not the policy's and then the length's
    if (problem) ctx.addIssue({ code: 'custom', message: problem, continue: false })
  })
  const shaped = trim ? base.trim() : base
  // GOTCHA: not .min()/.max(): zod 4 counts code points there, the client UTF-16 units.
  return shaped.superRefine((text, ctx) => {
    if (text.length < min) {
      const message = min === 1 ? 'must not be empty' : `must be at least ${min} characters`
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, message })
    }
    if (text.length > max) {
      const message = `must be at most ${max} characters`
      ctx.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, message })
    }
  })
}

/** A room or shop item id in a URL path: the text policy, 1–64 characters, never trimmed. */
export const ResourceIdSchema = userText({ max: 64, trim: false })
