/** PRODUCT.md §2 app shell boot lines, shown one every BOOT_STEP_MS. */
export const BOOT_LINES = [
  'Initializing system...',
  'Loading vPOS modules...',
  'Establishing secure connection...',
  'Blockchain network active...',
  'vPOS engine initializing...',
  'System ready',
] as const
export const BOOT_STEP_MS = 500
/** The overlay disappears this long after 'ACCESS GRANTED' shows. */
export const BOOT_EXIT_MS = 800
export const BOOTED_KEY = 'vpos.booted'

/** What the overlay shows `elapsed` ms after it appeared: lines visible, granted, gone. */
export function bootStage(elapsed: number) {
  const lines = Math.min(BOOT_LINES.length, Math.floor(elapsed / BOOT_STEP_MS) + 1)
  const grantedAt = BOOT_LINES.length * BOOT_STEP_MS
  return { lines, granted: elapsed >= grantedAt, done: elapsed >= grantedAt + BOOT_EXIT_MS }
}
