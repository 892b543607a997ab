import { z } from 'zod'

/**
 * The one text policy for every string a user sends (issue 15, DESIGN §3): what passes can be
 * stored by SQLite and PostgreSQL exactly as acknowledged and shown as it was meant.
 * - well-formed Unicode: no lone surrogates (stored as U+FFFD, i.e. not what was acknowledged);
 * - no NUL or other control characters (PostgreSQL cannot store U+0000: it answered 500);
 *   multi-line text keeps line feeds and tabs;
 * - no bidirectional embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069), which
 *   reorder the text around them ("Trojan Source"); the directional marks LRM/RLM/ALM, which
 *   cannot, are allowed, as are joiners (emoji sequences need U+200D).
 */

/** Lone surrogates: in a `u` regex a paired surrogate is one code point, so only lone ones match. */
const LONE_SURROGATE = /\p{Cs}/u
/** C0 (except TAB and LF), DEL and C1 controls: matching them is the point here. */
/* eslint-disable no-control-regex */
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/
/* eslint-enable no-control-regex */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/

/** Why `text` breaks the policy, or null when it passes. */
export function textPolicyProblem(text: string, multiline = false): string | null {
  if (LONE_SURROGATE.test(text)) return 'must be well-formed Unicode (no lone surrogates)'
  if ((multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(text)) {
    return 'must not contain control characters'
  }
  if (BIDI_CONTROL.test(text)) return 'must not contain bidirectional control characters'
  return null
}

/**
 * A user string under the text policy: checked, then trimmed and length-bounded (in UTF-16 code
 * units, as before). Every user-string schema in src/contracts is built from this.
 */
export function userText(opts: { min?: number; max: number; multiline?: boolean; trim?: boolean }) {
  const { min = 1, max, multiline = false, trim = true } = opts
  const base = z.string().superRefine((text, ctx) => {
    const problem = textPolicyProblem(text, multiline)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  const shaped = trim ? base.trim() : base
  return shaped
    .min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
}

/** A room or shop item id in a URL path: the text policy, 1–64 characters, never trimmed. */
export const ResourceIdSchema = userText({ max: 64, trim: false })
