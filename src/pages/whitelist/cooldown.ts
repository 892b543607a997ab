import { WHITELIST_COOLDOWN_MS, cooldownMessage } from '../../contracts/whitelist'

/** PRODUCT.md §3: the whitelist last-check time is kept per wallet address in local storage. */
export const lastCheckKey = (address: string) => `whitelistLastCheck:${address}`

/** PRODUCT.md §8: the hint added under an error whose text contains 'wait'. */
export const WAIT_HINT =
  'Whitelist checks are limited to once every 30 seconds to prevent excessive blockchain queries.'

type KeyStore = Pick<Storage, 'getItem' | 'setItem'>

/** The stored last-check time (ms) of `address`, or null. */
export function readLastCheck(storage: KeyStore, address: string): number | null {
  const value = Number(storage.getItem(lastCheckKey(address)))
  return Number.isFinite(value) && value > 0 ? value : null
}

export function writeLastCheck(storage: KeyStore, address: string, at: number) {
  storage.setItem(lastCheckKey(address), String(at))
}

/** Whole seconds left of the 30 s cooldown that started at `lastCheck` (0 when over). */
export function cooldownLeftS(lastCheck: number | null, now: number): number {
  if (lastCheck === null) return 0
  return Math.max(0, Math.ceil((lastCheck + WHITELIST_COOLDOWN_MS - now) / 1000))
}

/** PRODUCT.md §5: the refusal of a check inside the cooldown, or null when a check may run. */
export function cooldownRefusal(lastCheck: number | null, now: number): string | null {
  const left = cooldownLeftS(lastCheck, now)
  return left > 0 ? cooldownMessage(left) : null
}

/**
 * PRODUCT.md §7.6/§8: a non-OK answer reads 'Server returned {status}'; the server's own cooldown
 * refusal (429 'Please wait N seconds before checking again') is shown as it is, so the wait hint
 * follows.
 */
export function checkErrorText(status: number, serverError: string | null): string {
  if (status === 429 && serverError && /wait/i.test(serverError)) return serverError
  return `Server returned ${status}`
}

/** The seconds a 429 says to wait, from its text or its Retry-After, else the whole cooldown. */
export function secondsToWait(serverError: string | null, retryAfter: string | null): number {
  const fromText = /wait (\d+) seconds?/i.exec(serverError ?? '')?.[1]
  const n = Number(fromText ?? retryAfter)
  return Number.isFinite(n) && n > 0 ? n : WHITELIST_COOLDOWN_MS / 1000
}

export const needsWaitHint = (message: string) => message.toLowerCase().includes('wait')
