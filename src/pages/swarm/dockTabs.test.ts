import { describe, expect, it } from 'vitest'
import { dockTabFor } from './dockTabs'

describe('dockTabFor', () => {
  it('steps with the arrows and wraps at both ends', () => {
    expect(dockTabFor('ArrowRight', 0, 6)).toBe(1)
    expect(dockTabFor('ArrowRight', 5, 6)).toBe(0)
    expect(dockTabFor('ArrowLeft', 3, 6)).toBe(2)
    expect(dockTabFor('ArrowLeft', 0, 6)).toBe(5)
  })

  it('jumps with Home and End', () => {
    expect(dockTabFor('Home', 4, 6)).toBe(0)
    expect(dockTabFor('End', 1, 6)).toBe(5)
  })

  it('ignores other keys and an empty row', () => {
    expect(dockTabFor('ArrowUp', 2, 6)).toBeNull()
    expect(dockTabFor('Enter', 2, 6)).toBeNull()
    expect(dockTabFor('ArrowRight', 0, 0)).toBeNull()
  })
})
