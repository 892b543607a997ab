import { isSolanaAddress } from '../../contracts/address'
import { TOKEN_MINT_META } from '../../contracts/constants'

/**
 * The token's contract address as the page's HTML names it (server/plugins/static.plugin.ts), so
 * Token Info shows it in its first render, before the market answer: null where the HTML has none
 * (the dev server's) or it is no Solana address.
 */
export function tokenMintInPage(): string | null {
  const mint = document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_MINT_META}"]`)?.content
  return mint && isSolanaAddress(mint) ? mint : null
}
