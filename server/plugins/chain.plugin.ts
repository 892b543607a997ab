import fp from 'fastify-plugin'
import type { ChainProvider } from '../chain/chain.provider'
import { DemoChainProvider } from '../chain/demo-chain.provider'
import { GuardedChainProvider } from '../chain/guarded-chain.provider'
import { SolanaRpcClient } from '../chain/solana-rpc.client'

/** `app.chain`: the real Solana JSON-RPC client when SOLANA_RPC_URL is set, else the demo chain. */
export const chainPlugin = fp(
  async (app, opts: { chain?: ChainProvider }) => {
    const url = app.config.SOLANA_RPC_URL
    const chain =
      opts.chain ??
      (url
        ? new GuardedChainProvider(new SolanaRpcClient(url))
        : new DemoChainProvider(app.config.TOKEN_MINT))
    app.decorate('chain', chain)
  },
  { name: 'chain' },
)

declare module 'fastify' {
  interface FastifyInstance {
    chain: ChainProvider
  }
}
