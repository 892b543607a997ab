import type { ChainAsset } from '../chain/chain.provider'

/**
 * Whitelist scoring (ARCHITECTURE.md §7; the README shows this formula):
 *
 *   tokenScore = 0 when the vPOS balance is 0, else min(60, round(10 · log10(1 + balance / 100)))
 *                → 1,000 vPOS = 10 · 10,000 = 20 · 100,000 = 30 · 1,000,000 = 40 · 10,000,000 = 50
 *   otherScore = min(40, 5 · NFTs + 2 · other fungible tokens with a positive balance)
 *                over the assets scanned (DAS getAssetsByOwner, 100 per page, at most maxPages
 *                pages, default 5); the vPOS mint itself never counts here
 *   totalScore = tokenScore + otherScore;  eligible = totalScore ≥ minScore (default 50)
 *
 * So other assets alone (≤ 40) never qualify: a wallet needs vPOS (≥ ~900 with a full 40 from other
 * assets), and more vPOS needs fewer other assets.
 */
const TOKEN_SCORE_CAP = 60
const OTHER_SCORE_CAP = 40
const NFT_POINTS = 5
const FUNGIBLE_POINTS = 2

/** Points for a vPOS balance. */
export function tokenScoreOf(balance: number): number {
  if (!(balance > 0)) return 0
  return Math.min(TOKEN_SCORE_CAP, Math.round(10 * Math.log10(1 + balance / 100)))
}

const FUNGIBLE = new Set(['FungibleToken', 'FungibleAsset'])

/** Points for the wallet's other assets. */
export function otherScoreOf(assets: readonly ChainAsset[], tokenMint: string): number {
  let points = 0
  for (const a of assets) {
    if (a.id === tokenMint) continue
    if (FUNGIBLE.has(a.interface)) {
      if ((a.balance ?? 0) > 0) points += FUNGIBLE_POINTS
    } else {
      points += NFT_POINTS
    }
    if (points >= OTHER_SCORE_CAP) return OTHER_SCORE_CAP
  }
  return points
}

export function scoreWallet(
  balance: number,
  assets: readonly ChainAsset[],
  tokenMint: string,
  minScore: number,
) {
  const tokenScore = tokenScoreOf(balance)
  const otherScore = otherScoreOf(assets, tokenMint)
  const totalScore = tokenScore + otherScore
  return {
    eligible: totalScore >= minScore,
    tokenScore,
    otherScore,
    totalScore,
    minScoreRequired: minScore,
  }
}
