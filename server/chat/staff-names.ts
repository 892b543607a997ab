/**
 * Staff-only display names and their look-alikes (RELIABILITY.md §9, finding 8e: 8 of 11
 * look-alikes of 'vPOS Team' were accepted; RELIABILITY.md §12, finding 5: 28 of 70 more). Names
 * are compared by a confusable skeleton in the spirit of Unicode TS #39, which reads a name the way
 * an eye does:
 * - blank symbols (U+2800 braille blank; the Hangul fillers U+115F, U+1160, U+3164, U+FFA0) and
 *   every other space become spaces: 'vPOS\u2800Team' shows as 'vPOS Team';
 * - enclosed letters (Ⓐ ⓐ ⒜ 🄐 🄰 🅐 🅰, regional indicators 🇦) become their letter first, as
 *   NFKD leaves the negative ones alone and puts ⒜ in brackets;
 * - compatibility-decomposed (fullwidth → ASCII), marks and default-ignorable characters
 *   (zero-width spaces, joiners) dropped;
 * - every character mapped to its prototype through the TS #39 confusables data
 *   (`unhomoglyph`, confusables.txt), with small capitals (ᴠᴘᴏꜱ ᴛᴇᴀᴍ, which confusables.txt
 *   mostly leaves or maps to other small capitals) folded to their letter on both sides of it;
 *   lower-cased and mapped once more, i read as l (so 'I', 'i', 'l' and '1' meet).
 * A non-staff name is refused when its skeleton
 * 1. is the staff name's, separators removed ('v POS-Team');
 * 2. holds the '{code}' tag anywhere, any brackets standing for the braces: the tag reads as
 *    staff wherever it stands ('\u2800{code}', 'Bob [code]'), and no ordinary name needs it;
 * 3. names vPOS and claims authority: a word is 'vpos' (or 'vpos' glued to other letters) and
 *    another word, or the rest of that one, is team/staff/admin/support/mod/moderator/official/
 *    dev/helpdesk/help (plural too), e.g. 'Official vPOS', '[MOD] vPOS', 'vPOSAdmin'; or the
 *    name is 'vPOS' and nothing else but symbols ('vPOS ✓'), the project's own account.
 *    Words, not substrings, so 'vposmodel', 'vPOSer42' and 'steam vpos' pass; letter-spaced
 *    runs of single characters are read as one word ('v p o s admin').
 * Leetspeak beyond confusables.txt ('vPO$') and authority words without 'vPOS' ('Admin') are
 * out of reach of this rule; a staff wallet may use every one of these names.
 */
import unhomoglyph from 'unhomoglyph'
import { STAFF_DISPLAY_NAME, STAFF_NAME_PREFIX } from '../../src/contracts/chat'
import { BLANK_SYMBOLS } from '../../src/contracts/text'

const BLANKS = new RegExp(`[\\s\\p{Z}${BLANK_SYMBOLS}]`, 'gu')
const INVISIBLE = /[\p{M}\p{Default_Ignorable_Code_Point}]/gu
const SEPARATORS = /[\s\p{Z}\p{Pd}_.·•]+/gu
const WORD_BREAK = /[^\p{L}\p{N}]+/u

/** Enclosed-letter blocks: [first, last, the letter the first stands for]. */
const ENCLOSED: ReadonlyArray<readonly [number, number, string]> = [
  [0x249c, 0x24b5, 'a'], // ⒜ parenthesized small
  [0x24b6, 0x24cf, 'A'], // Ⓐ circled capital
  [0x24d0, 0x24e9, 'a'], // ⓐ circled small
  [0x1f110, 0x1f129, 'A'], // 🄐 parenthesized capital
  [0x1f130, 0x1f149, 'A'], // 🄰 squared
  [0x1f150, 0x1f169, 'A'], // 🅐 negative circled
  [0x1f170, 0x1f189, 'A'], // 🅰 negative squared
  [0x1f1e6, 0x1f1ff, 'A'], // 🇦 regional indicators
]
const ENCLOSED_CHAR = /[\u249C-\u24E9\u{1F110}-\u{1F129}\u{1F130}-\u{1F189}\u{1F1E6}-\u{1F1FF}]/gu

/** Small capitals (and the prototypes confusables.txt gives some of them) → their letter. */
// prettier-ignore
const SMALL_CAPITALS: Readonly<Record<string, string>> = {
  ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ꜰ: 'f', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k',
  ĸ: 'k', ʟ: 'l', ᴍ: 'm', ʍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ᴩ: 'p', ꞯ: 'q', ʀ: 'r', ꜱ: 's',
  ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z',
}
const SMALL_CAPITAL = new RegExp(`[${Object.keys(SMALL_CAPITALS).join('')}]`, 'gu')

// prettier-ignore
const AUTHORITY_WORDS = [
  'team', 'staff', 'admin', 'administrator', 'support', 'mod', 'moderator', 'official', 'dev',
  'developer', 'helpdesk', 'help',
]

function unenclose(text: string): string {
  return text.replace(ENCLOSED_CHAR, (ch) => {
    const cp = ch.codePointAt(0) ?? 0
    const block = ENCLOSED.find(([first, last]) => cp >= first && cp <= last)
    return block ? String.fromCharCode(block[2].charCodeAt(0) + cp - block[0]) : ch
  })
}

const foldSmallCapitals = (text: string) =>
  text.replace(SMALL_CAPITAL, (ch) => SMALL_CAPITALS[ch] ?? ch)
const prototypes = (text: string) => foldSmallCapitals(unhomoglyph(foldSmallCapitals(text)))

/** A name as drawn: blanks as spaces, enclosed letters unboxed, NFKD, invisibles dropped. */
function drawn(name: string): string {
  return unenclose(name.replace(BLANKS, ' ')).normalize('NFKD').replace(INVISIBLE, '')
}

/** The confusable skeleton of drawn text (pure; see the module comment). */
function skeleton(text: string): string {
  // 'I' maps to 'l' and 'i' to itself, so 'ADMIN' and 'admin' meet only with i read as l.
  return prototypes(prototypes(text).toLowerCase()).replaceAll('i', 'l')
}

/** The skeleton without separators, every bracket read as a brace. */
function compactSkeleton(name: string): string {
  return skeleton(drawn(name))
    .replace(SEPARATORS, '')
    .replace(/\p{Ps}/gu, '{')
    .replace(/\p{Pe}/gu, '}')
}

/**
 * The skeleton's words. A run of single characters between separators ('v p o s', 'v.p.o.s') is
 * one word, read before the confusables map turns one character into two ('m' → 'rn').
 */
function skeletonWords(name: string): string[] {
  const chunks: string[] = []
  let spelled = ''
  for (const chunk of drawn(name).split(SEPARATORS)) {
    if ([...chunk].length === 1) {
      spelled += chunk
      continue
    }
    if (spelled) chunks.push(spelled)
    spelled = ''
    chunks.push(chunk)
  }
  chunks.push(spelled)
  return chunks.flatMap((chunk) => skeleton(chunk).split(WORD_BREAK)).filter(Boolean)
}

const STAFF_SKELETON = compactSkeleton(STAFF_DISPLAY_NAME)
const PREFIX_SKELETON = compactSkeleton(STAFF_NAME_PREFIX)
const BRAND = skeleton('vpos')
const AUTHORITY = new Set(AUTHORITY_WORDS.flatMap((w) => [w, `${w}s`]).map(skeleton))

/** True when a name names vPOS and claims authority, or is the bare brand (rule 3). */
function claimsVposAuthority(name: string): boolean {
  const words = skeletonWords(name)
  if (!words.some((w) => w.includes(BRAND))) return false
  const rest = words.flatMap((w) => w.split(BRAND)).filter(Boolean)
  return rest.length === 0 || rest.some((w) => AUTHORITY.has(w))
}

/** True for 'vPOS Team', a '{code}' tag, a name claiming vPOS authority, or a look-alike of one. */
export function isStaffLookalike(name: string): boolean {
  const compact = compactSkeleton(name)
  return (
    compact === STAFF_SKELETON || compact.includes(PREFIX_SKELETON) || claimsVposAuthority(name)
  )
}
