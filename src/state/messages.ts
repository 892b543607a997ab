/** Message and error-event history of a swarm store (capped; newest last). */
import { MESSAGE_CAP, type ErrorEvent, type Message, type MessageType } from '../sim'
import { RECENT_ERRORS_CAP, type SwarmStore } from './swarmState'

/** Append a PRODUCT.md §3 Message (ISO timestamp added here); keeps the last MESSAGE_CAP (200). */
export function appendMessage(
  store: SwarmStore,
  type: MessageType,
  text: string,
  timestamp = new Date().toISOString(),
): Message {
  const message: Message = { id: `u${++store.counters.messageSeq}`, type, text, timestamp }
  pushMessage(store, message)
  return message
}

/** Append an already stamped message (sim events, live feed). */
export function pushMessage({ swarm }: SwarmStore, message: Message): void {
  swarm.messages.push(message)
  if (swarm.messages.length > MESSAGE_CAP)
    swarm.messages.splice(0, swarm.messages.length - MESSAGE_CAP)
}

export function pushError({ swarm }: SwarmStore, error: ErrorEvent): void {
  swarm.recentErrors.push(error)
  if (swarm.recentErrors.length > RECENT_ERRORS_CAP) {
    swarm.recentErrors.splice(0, swarm.recentErrors.length - RECENT_ERRORS_CAP)
  }
}
