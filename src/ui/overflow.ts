/** Which edges of a scroll box still hide content (pure: read from the box's scroll figures). */
export interface Overflow {
  up: boolean
  down: boolean
  left: boolean
  right: boolean
}

export interface ScrollFigures {
  scrollTop: number
  scrollLeft: number
  scrollHeight: number
  scrollWidth: number
  clientHeight: number
  clientWidth: number
}

/** GOTCHA: fractional zoom leaves scroll figures off by under a pixel; 2 px counts as the edge. */
const OVERFLOW_EPSILON_PX = 2

/** Hidden content beyond each edge of a scroll box. */
export function overflowOf(f: ScrollFigures): Overflow {
  const e = OVERFLOW_EPSILON_PX
  return {
    up: f.scrollTop > e,
    down: f.scrollTop + f.clientHeight < f.scrollHeight - e,
    left: f.scrollLeft > e,
    right: f.scrollLeft + f.clientWidth < f.scrollWidth - e,
  }
}

export const NO_OVERFLOW: Overflow = { up: false, down: false, left: false, right: false }

export function sameOverflow(a: Overflow, b: Overflow): boolean {
  return a.up === b.up && a.down === b.down && a.left === b.left && a.right === b.right
}
