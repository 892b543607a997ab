import { proxy } from 'valtio'
import { HttpError, request } from '../../api/http'
import { WhitelistResultSchema, type WhitelistResult } from '../../contracts/whitelist'
import {
  checkErrorText,
  cooldownRefusal,
  readLastCheck,
  secondsToWait,
  writeLastCheck,
} from './cooldown'
import { WHITELIST_COOLDOWN_MS } from '../../contracts/whitelist'

/**
 * §4 whitelist states after connecting: checking (loader) → result or error. The result stays in
 * memory for the wallet it belongs to, so leaving and coming back shows it; the last-check time
 * lives in local storage per wallet (§3) and drives the 30 s cooldown.
 */
export interface WhitelistState {
  /** the wallet the phase/result/error belong to */
  wallet: string | null
  phase: 'idle' | 'checking' | 'done' | 'error'
  result: WhitelistResult | null
  error: string | null
}

type KeyStore = Pick<Storage, 'getItem' | 'setItem'>
let storage: KeyStore | null = null
const store = (): KeyStore => (storage ??= window.localStorage)

export const whitelistState = proxy<WhitelistState>({
  wallet: null,
  phase: 'idle',
  result: null,
  error: null,
})

/** Tests: a storage and a clean state. */
function resetWhitelist(s?: KeyStore) {
  if (s) storage = s
  Object.assign(whitelistState, { wallet: null, phase: 'idle', result: null, error: null })
}

export function lastCheckOf(address: string): number | null {
  return readLastCheck(store(), address)
}

/** The last result is kept beside the last-check time, so a reload inside the cooldown shows it. */
const lastResultKey = (address: string) => `whitelistLastResult:${address}`

function readLastResult(address: string): WhitelistResult | null {
  try {
    const raw = store().getItem(lastResultKey(address))
    if (!raw) return null
    const parsed = WhitelistResultSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Call 6 for `address`, refused locally inside the 30 s cooldown (§5). */
export async function runCheck(address: string, now = Date.now()): Promise<void> {
  if (whitelistState.phase === 'checking' && whitelistState.wallet === address) return
  const refusal = cooldownRefusal(lastCheckOf(address), now)
  if (refusal) {
    // Inside the cooldown (a reload, a second tab): show the result it came from when we have it.
    const kept = readLastResult(address)
    if (kept)
      Object.assign(whitelistState, { wallet: address, phase: 'done', result: kept, error: null })
    else Object.assign(whitelistState, { wallet: address, phase: 'error', error: refusal })
    return
  }
  Object.assign(whitelistState, { wallet: address, phase: 'checking', error: null })
  try {
    const result = await request('POST', '/api/whitelist/check', {
      body: { walletAddress: address },
      parse: WhitelistResultSchema,
    })
    writeLastCheck(store(), address, Date.now())
    store().setItem(lastResultKey(address), JSON.stringify(result))
    if (whitelistState.wallet !== address) return
    Object.assign(whitelistState, { phase: 'done', result, error: null })
  } catch (err) {
    if (whitelistState.wallet !== address) return
    let error = err instanceof Error ? err.message : String(err)
    if (err instanceof HttpError) {
      const serverError = safeServerError(err)
      error = checkErrorText(err.status, serverError)
      if (err.status === 429) {
        // Mirror the server's cooldown locally so the countdown and 'Check Again' agree with it.
        const wait = secondsToWait(serverError, null)
        writeLastCheck(store(), address, Date.now() - WHITELIST_COOLDOWN_MS + wait * 1000)
      }
    }
    Object.assign(whitelistState, { phase: 'error', error })
  }
}

function safeServerError(err: HttpError): string | null {
  try {
    const parsed = JSON.parse(err.body) as { error?: unknown }
    return typeof parsed.error === 'string' ? parsed.error : null
  } catch {
    return null
  }
}

/** §4: disconnecting clears the result. */
export function clearWhitelist() {
  resetWhitelist()
}
