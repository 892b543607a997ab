/** vPOS token mint used when TOKEN_MINT is unset (demo providers). */
export const DEMO_TOKEN_MINT = 'vPoS7kGq3nZt1xWJd8Yh2bRcLmA5uEfTs9NwKpQ4HzV'
/** Treasury wallet used when TREASURY_WALLET is unset (demo providers). */
export const DEMO_TREASURY_WALLET = 'TrsYQ8e2ZkPn5vWx3LmJcB7hDa9GfRu4Ns6tKq1VbEo'
export const APP_VERSION = 'vPOS v1.0.0'

/** The `<meta>` that carries the token's contract address in the HTML (server/plugins/static.plugin.ts). */
export const TOKEN_MINT_META = 'vpos-token-mint'
/**
 * The `<meta>` that carries the server's chain kind ('demo' or 'rpc', GET /api/auth/config's
 * `chain`) in the HTML (server/plugins/static.plugin.ts).
 */
export const CHAIN_META = 'vpos-chain'
