/**
 * The error detection popup's rules (PRODUCT.md §2, §4 main view start): it appears 1 s after
 * failures exist while the network is active, stays until dismissed (or standby), and a dismissal
 * holds for the current failure wave: it re-arms once no agent is failing.
 */

const POPUP_DELAY_MS = 1000
/** Rows the popup lists: whole rows only, never a scroll box that cuts one mid-line. */
export const POPUP_ROWS = 4

type PopupPhase = 'idle' | 'pending' | 'shown' | 'dismissed'

export interface PopupState {
  phase: PopupPhase
  /** when 'pending' began (ms) */
  since: number
}

export interface PopupInput {
  failing: number
  active: boolean
  now: number
}

export const POPUP_INITIAL: PopupState = { phase: 'idle', since: 0 }

/** Next state for the current swarm figures. */
export function popupStep(s: PopupState, { failing, active, now }: PopupInput): PopupState {
  const failures = failing > 0 && active
  switch (s.phase) {
    case 'idle':
      return failures ? { phase: 'pending', since: now } : s
    case 'pending':
      if (!failures) return POPUP_INITIAL
      return now - s.since >= POPUP_DELAY_MS ? { phase: 'shown', since: s.since } : s
    case 'shown':
      return active ? s : POPUP_INITIAL
    case 'dismissed':
      return failing === 0 ? POPUP_INITIAL : s
  }
}

export function popupDismiss(s: PopupState, failing: number): PopupState {
  return failing > 0 || s.phase === 'shown' ? { phase: 'dismissed', since: s.since } : s
}

/** ms until a pending popup is due (null when nothing is pending). */
export function popupDueIn(s: PopupState, now: number): number | null {
  return s.phase === 'pending' ? Math.max(0, s.since + POPUP_DELAY_MS - now) : null
}
