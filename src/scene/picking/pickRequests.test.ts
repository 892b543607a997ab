import { describe, expect, it } from 'vitest'
import {
  HOVER_PICK_INTERVAL_MS,
  HOVER_REFRESH_MS,
  cancelHover,
  commitClick,
  createPickRequests,
  dropClick,
  holdClick,
  hoverDue,
  requestHover,
  requestPress,
  settlePress,
  takeClick,
  type PickRequests,
} from './pickRequests'

describe('pick requests', () => {
  it('no hover pick before the pointer is over the canvas', () => {
    expect(hoverDue(createPickRequests(), 1e9)).toBe(false)
  })

  it.each([
    // [ms since the last hover pick, pointer moved?, due?]
    [0, true, false],
    [HOVER_PICK_INTERVAL_MS - 1, true, false],
    [HOVER_PICK_INTERVAL_MS, true, true],
    [HOVER_PICK_INTERVAL_MS, false, false],
    [HOVER_REFRESH_MS - 1, false, false],
    [HOVER_REFRESH_MS, false, true],
  ])('%d ms after the last pick, moved=%s → due=%s', (since, moved, due) => {
    const r = createPickRequests()
    requestHover(r, 10, 20, 110, 120)
    r.lastHoverPickAt = 1000
    r.hoverDirty = moved
    expect(hoverDue(r, 1000 + since)).toBe(due)
  })

  it('cancelling the hover stops hover picks; a press is kept with its pointer kind', () => {
    const r = createPickRequests()
    requestHover(r, 1, 2, 3, 4)
    cancelHover(r)
    expect(hoverDue(r, 1e9)).toBe(false)
    requestPress(r, 5, 6, 7, 8, 'touch')
    expect(r.pressPending).toBe(true)
    expect(r.press).toEqual({ x: 5, y: 6, clientX: 7, clientY: 8, kind: 'touch' })
  })
})

/**
 * The steps of a press and its click, as the rig (press, hold, commit, drop) and the frame driver
 * (issue: the press's pick starts; settle: it resolves) take them. `take` is what takeClick answers
 * after the last step.
 */
type Step = 'press' | 'issue' | ['settle', number, string | null] | 'hold' | 'commit' | 'drop'

function run(steps: Step[]): PickRequests {
  const r = createPickRequests()
  for (const s of steps) {
    if (s === 'press') requestPress(r, 1, 2, 3, 4, 'touch')
    else if (s === 'issue') r.pressPending = false
    else if (s === 'hold') holdClick(r)
    else if (s === 'commit') commitClick(r)
    else if (s === 'drop') dropClick(r)
    else settlePress(r, s[1], s[2])
  }
  return r
}

describe('a click selects by its press', () => {
  it.each<[string, Step[], string | null | undefined]>([
    [
      'a mouse click: picked, then released',
      ['press', 'issue', ['settle', 1, 'a'], 'hold', 'commit'],
      'a',
    ],
    [
      'released before the pick resolved: waits, then selects',
      ['press', 'issue', 'hold', 'commit', ['settle', 1, 'a']],
      'a',
    ],
    [
      'beside every agent: resolves to none',
      ['press', 'issue', ['settle', 1, null], 'hold', 'commit'],
      null,
    ],
    [
      'a tap inside the double-tap window: not yet',
      ['press', 'issue', ['settle', 1, 'a'], 'hold'],
      undefined,
    ],
    [
      'a tap, the window over: the agent under the finger at the press',
      ['press', 'issue', ['settle', 1, 'a'], 'hold', 'commit'],
      'a',
    ],
    [
      'a double-tap: dropped',
      ['press', 'issue', ['settle', 1, 'a'], 'hold', 'press', 'drop', 'commit'],
      undefined,
    ],
    // a first tap still waiting when a second press (a pan) lands: it keeps its own pick
    [
      'a later press does not change a held tap',
      [
        'press',
        'issue',
        ['settle', 1, 'a'],
        'hold',
        'press',
        'issue',
        ['settle', 2, 'b'],
        'commit',
      ],
      'a',
    ],
    [
      'a held tap whose pick resolves after a later press',
      ['press', 'issue', 'hold', 'press', ['settle', 1, 'a'], 'commit'],
      'a',
    ],
    [
      "a later press's pick never answers for a held tap",
      ['press', 'issue', 'hold', 'press', 'issue', ['settle', 2, 'b'], 'commit'],
      undefined,
    ],
    // two presses within one frame: the first was never picked and selects nothing
    ['a press replaced before its pick was issued', ['press', 'hold', 'press', 'commit'], null],
    ['a click with no press selects nothing', ['hold', 'commit'], undefined],
  ])('%s', (_, steps, want) => {
    expect(takeClick(run(steps))).toBe(want)
  })

  it('a click selects once', () => {
    const r = run(['press', 'issue', ['settle', 1, 'a'], 'hold', 'commit'])
    expect(takeClick(r)).toBe('a')
    expect(takeClick(r)).toBeUndefined()
  })
})
