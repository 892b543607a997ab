/**
 * The sim's event side (events.ts): its listeners, and the console messages and error ids it
 * stamps with the simulated clock. SwarmSim (engine.ts) extends it and supplies the clock.
 */
import type { SimEvent, SimListener } from './events'
import type { Message, MessageType } from './model'

export abstract class SimEvents {
  private readonly listeners: SimListener[] = []
  private messageSeq = 0
  /** the number of the last error event (ids 'e1', 'e2', …) */
  protected errorSeq = 0
  private isoMs = NaN
  private iso = ''

  /** Simulated wall clock, ms since the epoch. */
  abstract get nowMs(): number

  on(listener: SimListener): () => void {
    this.listeners.push(listener)
    return () => {
      const i = this.listeners.indexOf(listener)
      if (i >= 0) this.listeners.splice(i, 1)
    }
  }

  get hasListeners(): boolean {
    return this.listeners.length > 0
  }

  emit(event: SimEvent): void {
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i]!(event)
  }

  /**
   * Emit a console message stamped with the simulated clock. Without listeners nothing is built
   * (the message is only counted), so a headless sim allocates nothing for its console.
   */
  log(type: MessageType, text: string): void {
    const id = ++this.messageSeq
    if (this.listeners.length === 0) return
    const message: Message = {
      id: `m${id}`,
      type,
      text,
      timestamp: this.timestamp(),
    }
    this.emit({ kind: 'message', message })
  }

  /** The simulated clock as ISO text, built once per step (a failure tick stamps thousands). */
  protected timestamp(): string {
    const ms = this.nowMs
    if (ms !== this.isoMs) {
      this.isoMs = ms
      this.iso = new Date(ms).toISOString()
    }
    return this.iso
  }
}
