/**
 * The tab a key moves to in a row of `count` tabs from `current`, by the WAI-ARIA tabs pattern:
 * the arrows step and wrap, Home and End jump; null for any other key (the dock's tabs, Layout.tsx).
 */
export function dockTabFor(key: string, current: number, count: number): number | null {
  if (count <= 0) return null
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count
    case 'ArrowLeft':
      return (current - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}
