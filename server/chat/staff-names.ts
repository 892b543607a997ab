/**
 * Staff-only display names and their look-alikes (issue 15: 8 of 11 look-alikes of 'vPOS Team'
 * were accepted). Names are compared by a confusable skeleton in the spirit of Unicode TS #39:
 * compatibility-decomposed (fullwidth → ASCII), marks and default-ignorable characters (zero-width
 * spaces, joiners) dropped, every character mapped to its prototype through the TS #39
 * confusables data (`unhomoglyph`, confusables.txt), lower-cased and mapped once more (so 'I',
 * 'l' and '1' meet), separators removed. Two names with the same skeleton read the same.
 */
import unhomoglyph from 'unhomoglyph'
import { STAFF_DISPLAY_NAME, STAFF_NAME_PREFIX } from '../../src/contracts/chat'

const INVISIBLE = /[\p{M}\p{Default_Ignorable_Code_Point}]/gu
const SEPARATORS = /[\s\p{Z}\p{Pd}_.·•]+/gu

/** The confusable skeleton of a name (pure; see the module comment). */
function nameSkeleton(name: string): string {
  const stripped = name.normalize('NFKD').replace(INVISIBLE, '')
  return unhomoglyph(unhomoglyph(stripped).toLowerCase()).replace(SEPARATORS, '')
}

const STAFF_SKELETON = nameSkeleton(STAFF_DISPLAY_NAME)
const PREFIX_SKELETON = nameSkeleton(STAFF_NAME_PREFIX)

/** True for 'vPOS Team', a name starting with '{code}', or anything that reads like them. */
export function isStaffLookalike(name: string): boolean {
  const skeleton = nameSkeleton(name)
  return skeleton === STAFF_SKELETON || skeleton.startsWith(PREFIX_SKELETON)
}
