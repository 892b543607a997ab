import type { WhitelistResult } from '../../src/contracts/whitelist'
import type { ChainAsset, ChainProvider } from '../chain/chain.provider'
import { scoreWallet } from './whitelist-score'

const ASSET_PAGE_SIZE = 100

/**
 * Pages through the wallet's assets (at most `maxPages`, and no new page after `deadline`, an epoch
 * ms: a slow RPC gives a partial scan with its warning rather than a late answer) and scores it.
 */
export async function checkWhitelist(
  chain: ChainProvider,
  opts: {
    wallet: string
    balance: number
    tokenMint: string
    minScore: number
    maxPages: number
    deadline?: number
  },
): Promise<WhitelistResult> {
  const assets: ChainAsset[] = []
  let total = 0
  let pagesChecked = 0
  for (let page = 1; page <= opts.maxPages; page++) {
    if (page > 1 && opts.deadline !== undefined && Date.now() >= opts.deadline) break
    const res = await chain.getAssetsByOwner(opts.wallet, page, ASSET_PAGE_SIZE)
    pagesChecked = page
    assets.push(...res.items)
    total = Math.max(total, res.total, assets.length)
    if (res.items.length < ASSET_PAGE_SIZE || assets.length >= total) break
  }
  const result: WhitelistResult = {
    ...scoreWallet(opts.balance, assets, opts.tokenMint, opts.minScore),
    pagination: {
      assetsChecked: assets.length,
      totalAssets: total,
      pagesChecked,
      maxPages: opts.maxPages,
    },
  }
  if (assets.length < total) {
    result.warning = `Only ${assets.length} of ${total} assets were scanned (limit ${opts.maxPages} pages); the rest were not scored.`
  }
  return result
}
