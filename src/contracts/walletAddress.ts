import { z } from 'zod'
import { isSolanaAddress } from './address'

/**
 * A Solana address in a contract: base58 text of exactly 32 bytes. Apart from address.ts, whose
 * helpers (base58, truncation) a page's first screen uses without zod (docs/ARCHITECTURE.md,
 * "First load").
 */
export const WalletAddressSchema = z
  .string()
  .refine(isSolanaAddress, { message: 'must be a base58 Solana address (32 bytes)' })
