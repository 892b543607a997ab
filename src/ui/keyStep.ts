/**
 * Keyboard stepping through `count` items from `current` (null: none chosen yet): ArrowRight steps
 * forward and ArrowLeft back (with `vertical`, ArrowUp and ArrowDown too: a chart's value goes up),
 * Home and End jump to the ends. At an end a step stops, or with `wrap` goes round (the WAI-ARIA
 * tabs pattern). Null for any other key and for no items. Used by the analytics charts' focused
 * point and the Swarm Core dock's tabs.
 */
export function keyStep(
  key: string,
  current: number | null,
  count: number,
  { wrap = false, vertical = false }: { wrap?: boolean; vertical?: boolean } = {},
): number | null {
  if (count <= 0) return null
  const forward = key === 'ArrowRight' || (vertical && key === 'ArrowUp')
  const back = key === 'ArrowLeft' || (vertical && key === 'ArrowDown')
  if (forward) {
    if (current === null) return 0
    return current + 1 < count ? current + 1 : wrap ? 0 : count - 1
  }
  if (back) {
    if (current === null) return count - 1
    return current > 0 ? current - 1 : wrap ? count - 1 : 0
  }
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return null
}
