import { describe, expect, it } from 'vitest'
import {
  POPUP_INITIAL,
  popupDismiss,
  popupDueIn,
  popupStep,
  type PopupInput,
  type PopupState,
} from './errorPopup'

/** Runs a table of inputs through the rules and returns the phase after each. */
function run(inputs: PopupInput[], start: PopupState = POPUP_INITIAL): string[] {
  let s = start
  return inputs.map((i) => (s = popupStep(s, i)).phase)
}

describe('error popup rules', () => {
  it.each<[string, PopupInput[], string[]]>([
    [
      'appears 1 s after failures exist while active',
      [
        { failing: 0, active: true, now: 0 },
        { failing: 1, active: true, now: 100 },
        { failing: 2, active: true, now: 1099 },
        { failing: 2, active: true, now: 1100 },
      ],
      ['idle', 'pending', 'pending', 'shown'],
    ],
    [
      'never while in standby',
      [
        { failing: 3, active: false, now: 0 },
        { failing: 3, active: false, now: 5000 },
      ],
      ['idle', 'idle'],
    ],
    [
      'restarts the delay when failures clear before 1 s',
      [
        { failing: 1, active: true, now: 0 },
        { failing: 0, active: true, now: 600 },
        { failing: 1, active: true, now: 700 },
        { failing: 1, active: true, now: 1200 },
        { failing: 1, active: true, now: 1700 },
      ],
      ['pending', 'idle', 'pending', 'pending', 'shown'],
    ],
    [
      'stays shown when failures clear; standby hides it',
      [
        { failing: 1, active: true, now: 0 },
        { failing: 1, active: true, now: 1000 },
        { failing: 0, active: true, now: 2000 },
        { failing: 0, active: false, now: 3000 },
      ],
      ['pending', 'shown', 'shown', 'idle'],
    ],
  ])('%s', (_, inputs, phases) => expect(run(inputs)).toEqual(phases))

  it('a dismissal holds for the failure wave, then re-arms', () => {
    const shown = { phase: 'shown', since: 0 } as const
    const d = popupDismiss(shown, 2)
    expect(d.phase).toBe('dismissed')
    expect(
      run(
        [
          { failing: 2, active: true, now: 5000 },
          { failing: 5, active: true, now: 9000 },
          { failing: 0, active: true, now: 9100 },
          { failing: 1, active: true, now: 9200 },
          { failing: 1, active: true, now: 10200 },
        ],
        d,
      ),
    ).toEqual(['dismissed', 'dismissed', 'idle', 'pending', 'shown'])
  })

  it('dismissing with nothing failing closes it', () => {
    expect(popupDismiss({ phase: 'shown', since: 0 }, 0).phase).toBe('dismissed')
    expect(
      popupStep(popupDismiss({ phase: 'shown', since: 0 }, 0), { failing: 0, active: true, now: 1 })
        .phase,
    ).toBe('idle')
  })

  it('reports when a pending popup is due', () => {
    expect(popupDueIn({ phase: 'pending', since: 100 }, 400)).toBe(700)
    expect(popupDueIn({ phase: 'pending', since: 100 }, 2000)).toBe(0)
    expect(popupDueIn({ phase: 'shown', since: 100 }, 400)).toBeNull()
  })
})
