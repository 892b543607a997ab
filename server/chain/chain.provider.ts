/**
 * What the server needs from Solana, behind one interface so the real JSON-RPC client
 * (SOLANA_RPC_URL set) and the embedded demo provider (unset) are interchangeable. Used by the
 * whitelist, chat balances and the treasury endpoint.
 */
export interface ChainAsset {
  /** asset id (mint address) */
  id: string
  /** DAS interface, e.g. 'FungibleToken', 'V1_NFT', 'ProgrammableNFT' */
  interface: string
  /** UI amount for fungible tokens; absent for NFTs */
  balance?: number
}

export interface ChainTransaction {
  signature: string
  slot: number
  blockTime: number | null
}

export interface ChainProvider {
  readonly kind: 'demo' | 'rpc'
  /** UI-amount balance of `mint` held by `owner`: Token and Token-2022 accounts, amount / 10^decimals. */
  getTokenBalance(owner: string, mint: string): Promise<number>
  /** One page (1-based) of the owner's assets (DAS getAssetsByOwner). */
  getAssetsByOwner(
    owner: string,
    page: number,
    limit: number,
  ): Promise<{ total: number; items: ChainAsset[] }>
  /** The address's most recent transactions, newest first. */
  getRecentTransactions(address: string, limit: number): Promise<ChainTransaction[]>
}
