/**
 * The whitelist result as react-query server state (PRODUCT.md §4): one query per wallet whose
 * function is call 6, refused locally inside the 30 s cooldown. Connecting fetches it once; the
 * cache keeps it for that wallet, so leaving the page and coming back shows it; 'Check Again'
 * refetches; a disconnect removes it. The last-check time and the last result live in local storage
 * per wallet (PRODUCT.md §3), so a reload inside the cooldown shows the result it came from without
 * asking the server.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { HttpError, request } from '../../api/http'
import { apiPaths } from '../../contracts/apiPaths'
import {
  WHITELIST_COOLDOWN_MS,
  WhitelistResultSchema,
  type WhitelistResult,
} from '../../contracts/whitelist'
import {
  checkErrorText,
  cooldownRefusal,
  readLastCheck,
  secondsToWait,
  writeLastCheck,
} from './cooldown'

type KeyStore = Pick<Storage, 'getItem' | 'setItem'>
const browserStorage = (): KeyStore => window.localStorage

const whitelistKeys = {
  all: [apiPaths.whitelist.check.url()] as const,
  check: (address: string) => [apiPaths.whitelist.check.url(), address] as const,
}

export function lastCheckOf(address: string, storage = browserStorage()): number | null {
  return readLastCheck(storage, address)
}

/** The last result is kept beside the last-check time, so a reload inside the cooldown shows it. */
const lastResultKey = (address: string) => `whitelistLastResult:${address}`

function readLastResult(storage: KeyStore, address: string): WhitelistResult | null {
  try {
    const raw = storage.getItem(lastResultKey(address))
    if (!raw) return null
    const parsed = WhitelistResultSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * Call 6 for `address`; inside the cooldown (a reload, a second tab) the kept result, or the
 * refusal as the error. Errors carry the text the page shows (PRODUCT.md §7.6, §8).
 */
export async function checkWhitelist(
  address: string,
  storage: KeyStore = browserStorage(),
  now = Date.now(),
): Promise<WhitelistResult> {
  const refusal = cooldownRefusal(readLastCheck(storage, address), now)
  if (refusal) {
    const kept = readLastResult(storage, address)
    if (kept) return kept
    throw new Error(refusal)
  }
  try {
    const result = await request('POST', apiPaths.whitelist.check.url(), {
      body: { walletAddress: address },
      parse: WhitelistResultSchema,
    })
    writeLastCheck(storage, address, Date.now())
    storage.setItem(lastResultKey(address), JSON.stringify(result))
    return result
  } catch (err) {
    if (!(err instanceof HttpError)) throw err
    const serverError = jsonError(err)
    if (err.status === 429) {
      // Mirror the server's cooldown locally so the countdown and 'Check Again' agree with it.
      const wait = secondsToWait(serverError, err.retryAfter)
      writeLastCheck(storage, address, Date.now() - WHITELIST_COOLDOWN_MS + wait * 1000)
    }
    throw new Error(checkErrorText(err.status, serverError), { cause: err })
  }
}

/** The server's `{ error }` text, or null when the body is not such JSON. */
function jsonError(err: HttpError): string | null {
  try {
    const parsed = JSON.parse(err.body) as { error?: unknown }
    return typeof parsed.error === 'string' ? parsed.error : null
  } catch {
    return null
  }
}

/**
 * PRODUCT.md §4 states of `address`'s check: checking (loader) → done (result) or error; idle
 * without a wallet. A result is shown only while its last check succeeded (a failed 'Check Again'
 * hides it).
 */
export function useWhitelistCheck(address: string | null) {
  const query = useQuery({
    queryKey: whitelistKeys.check(address ?? ''),
    // No abort signal: a check the server has run (and started its cooldown for) is kept even if
    // the page is left before it answers.
    queryFn: () => checkWhitelist(address ?? ''),
    enabled: address !== null,
    // Kept while the app runs, like the wallet itself (react-query would drop it 5 min unobserved).
    gcTime: Infinity,
  })
  const phase = query.isFetching
    ? 'checking'
    : query.status === 'error'
      ? 'error'
      : query.status === 'success'
        ? 'done'
        : 'idle'
  return {
    phase,
    result: phase === 'done' ? (query.data ?? null) : null,
    error: phase === 'error' ? (query.error?.message ?? null) : null,
    checkAgain: () => void query.refetch(),
  } as const
}

/** PRODUCT.md §4: disconnecting clears the results. */
export function clearWhitelist(qc: QueryClient) {
  qc.removeQueries({ queryKey: whitelistKeys.all })
}
