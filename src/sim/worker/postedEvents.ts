/**
 * The sim's events the worker posts to the page (and the main-thread sim, ?sim=main, hands its
 * listeners after a frame's steps): what the page shows of them (display.ts), no more. Console messages go as they are (the sim already caps its alerts per tick); of a burst of
 * errors only the newest RECENT_ERRORS, all the page keeps. A PRODUCT.md §4 failure tick at
 * 1,000,000 agents fails ~100,000 agents at once and the recovery ticks after it restore tens of
 * thousands every half second: posted whole, those events took ~0.3 s of structured cloning, paid
 * again by the page as it read them. Recoveries, hand-marked failures, tasks, metrics and active
 * switches reach the page through the frames (flags) and the readings instead.
 */
import { RECENT_ERRORS, type SimEvent } from '../events'

export class PostedEvents {
  private messages: SimEvent[] = []
  /** newest last; trimmed to the newest RECENT_ERRORS once twice as long (amortised O(1)) */
  private errors: SimEvent[] = []

  /** The sim's listener. */
  readonly add = (e: SimEvent): void => {
    if (e.kind === 'message') {
      this.messages.push(e)
    } else if (e.kind === 'error') {
      const errors = this.errors
      errors.push(e)
      if (errors.length >= 2 * RECENT_ERRORS) errors.splice(0, errors.length - RECENT_ERRORS)
    }
  }

  get pending(): boolean {
    return this.messages.length > 0 || this.errors.length > 0
  }

  /** The events to post now (messages, then the newest errors); the queue starts afresh. */
  take(): SimEvent[] {
    const { messages, errors } = this
    this.messages = []
    this.errors = []
    return errors.length === 0 ? messages : messages.concat(errors.slice(-RECENT_ERRORS))
  }
}
