import {
  address,
  createSolanaRpcFromTransport,
  type Rpc,
  type RpcTransport,
  type SolanaRpcApi,
} from '@solana/kit'
import type { ChainAsset, ChainProvider, ChainTransaction } from './chain.provider'
import { ChainError } from './chain.errors'

export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** PRODUCT.md §7.3's failure text; kept verbatim since the client shows it. */
export const BALANCE_FAILURE = 'Failed to fetch wallet balance from Helius API'
const ASSETS_FAILURE = 'Failed to fetch wallet assets from Helius API'
const TRANSACTIONS_FAILURE = 'Failed to fetch transactions from Helius API'

interface TokenAccountEntry {
  account?: {
    data?: {
      parsed?: { info?: { mint?: string; tokenAmount?: { amount?: string; decimals?: number } } }
    }
  }
}
interface DasAsset {
  id?: string
  interface?: string
  token_info?: { balance?: number | string; decimals?: number }
}

/**
 * Solana JSON-RPC (SOLANA_RPC_URL, e.g. Helius with `?api-key=`). Balances go through @solana/kit's
 * typed RPC (getTokenAccountsByOwner, jsonParsed); DAS getAssetsByOwner and the signature list are
 * plain JSON-RPC calls, DAS not being in kit's API. Both ride one HTTP transport (`post`), so the
 * timeout and the 502/503 mapping are the same for every call.
 */
export class SolanaRpcClient implements ChainProvider {
  readonly kind = 'rpc' as const
  private nextId = 1
  private readonly rpc: Rpc<SolanaRpcApi>
  constructor(
    private readonly url: string,
    private readonly timeoutMs = 8_000,
  ) {
    const transport = (({ payload, signal }: { payload: unknown; signal?: AbortSignal }) =>
      this.post(payload, BALANCE_FAILURE, signal)) as RpcTransport
    this.rpc = createSolanaRpcFromTransport(transport)
  }

  async getTokenBalance(owner: string, mint: string): Promise<number> {
    // Token and Token-2022 accounts live under different program ids; a holder may have both.
    const results = await Promise.all(
      [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].map(async (programId) => {
        try {
          return (await this.rpc
            .getTokenAccountsByOwner(
              address(owner),
              { programId: address(programId) },
              { encoding: 'jsonParsed' },
            )
            .send()) as unknown as { value?: TokenAccountEntry[] } | null
        } catch (err) {
          // Transport failures are already mapped; a JSON-RPC error (kit throws for it) is a 502.
          if (err instanceof ChainError) throw err
          throw new ChainError(502, BALANCE_FAILURE, { cause: err })
        }
      }),
    )
    let total = 0
    for (const result of results) {
      if (!Array.isArray(result?.value)) throw new ChainError(502, BALANCE_FAILURE)
      for (const entry of result.value) {
        const info = entry.account?.data?.parsed?.info
        if (info?.mint !== mint) continue
        const amount = Number(info.tokenAmount?.amount ?? 0)
        const decimals = info.tokenAmount?.decimals ?? 0
        if (Number.isFinite(amount)) total += amount / 10 ** decimals
      }
    }
    return total
  }

  async getAssetsByOwner(owner: string, page: number, limit: number) {
    const result = await this.call<{ total?: number; grand_total?: number; items?: DasAsset[] }>(
      'getAssetsByOwner',
      {
        ownerAddress: owner,
        page,
        limit,
        // DAS (Helius, Triton…) documents `options`; `displayOptions` is the legacy spelling.
        options: { showFungible: true, showGrandTotal: true },
      },
      ASSETS_FAILURE,
    )
    if (!Array.isArray(result?.items)) throw new ChainError(502, ASSETS_FAILURE)
    const items: ChainAsset[] = result.items.map((a) => {
      const raw = a.token_info?.balance
      const decimals = a.token_info?.decimals ?? 0
      const asset: ChainAsset = {
        id: String(a.id ?? ''),
        interface: String(a.interface ?? 'Custom'),
      }
      if (raw !== undefined) asset.balance = Number(raw) / 10 ** decimals
      return asset
    })
    // DAS `total` counts this page; `grand_total` (when the provider supports it) counts all.
    return { total: result.grand_total ?? result.total ?? items.length, items }
  }

  async getRecentTransactions(address: string, limit: number): Promise<ChainTransaction[]> {
    const result = await this.call<
      Array<{ signature?: string; slot?: number; blockTime?: number | null }>
    >('getSignaturesForAddress', [address, { limit }], TRANSACTIONS_FAILURE)
    if (!Array.isArray(result)) throw new ChainError(502, TRANSACTIONS_FAILURE)
    return result.map((s) => ({
      signature: String(s.signature ?? ''),
      slot: Number(s.slot ?? 0),
      blockTime: s.blockTime ?? null,
    }))
  }

  private async call<T>(method: string, params: unknown, failure: string): Promise<T> {
    const body = (await this.post(
      { jsonrpc: '2.0', id: this.nextId++, method, params },
      failure,
    )) as { result?: T; error?: { message?: string } } | null
    if (!body || body.error || !('result' in body)) {
      throw new ChainError(502, failure, { cause: body?.error })
    }
    return body.result as T
  }

  /**
   * One JSON-RPC POST with the client's timeout: unreachable or timed out ⇒ 503, rate limited or
   * down (429/503) ⇒ 503, any other non-OK or a body that is not JSON ⇒ 502 with `failure`.
   */
  private async post(payload: unknown, failure: string, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.timeoutMs)
    let res: Response
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (err) {
      throw transportError(err)
    }
    if (res.status === 429 || res.status === 503) throw new ChainError(503, failure)
    if (!res.ok) throw new ChainError(502, failure)
    try {
      return (await res.json()) as unknown
    } catch (err) {
      throw new ChainError(502, failure, { cause: err })
    }
  }
}

/** A request that never got an answer: timed out, or the RPC could not be reached. */
function transportError(err: unknown): ChainError {
  const timedOut =
    err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
  return new ChainError(503, timedOut ? 'Solana RPC timed out' : 'Solana RPC unavailable', {
    cause: err,
  })
}
