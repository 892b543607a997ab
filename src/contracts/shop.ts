import { z } from 'zod'
import { WalletAddressSchema } from './walletAddress'
import { ResourceIdSchema } from './text'

const SHOP_ITEM_TYPES = ['badge', 'title'] as const
const ShopItemTypeSchema = z.enum(SHOP_ITEM_TYPES)
export type ShopItemType = z.infer<typeof ShopItemTypeSchema>

/** GET /api/chat/shop/items -> ShopItem[]. */
export const ShopItemSchema = z.object({
  id: z.string(),
  type: ShopItemTypeSchema,
  name: z.string(),
  description: z.string(),
  /** vPOS */
  price: z.number(),
  /** the text shown beside a name */
  display: z.string(),
  color: z.string().nullable(),
})
export type ShopItem = z.infer<typeof ShopItemSchema>

/** GET /api/chat/shop/purchases/{walletAddress} -> Purchase[] (own wallet only). */
export const PurchaseSchema = z.object({
  itemId: z.string(),
  active: z.boolean(),
  item: ShopItemSchema,
  /** ISO-8601 */
  purchasedAt: z.string(),
})
export type Purchase = z.infer<typeof PurchaseSchema>

/**
 * POST /api/chat/shop/purchase -> 201 Purchase (inactive). 403 'Insufficient Balance: ...' when the
 * balance does not cover the price on top of the items already owned; 409 when already owned.
 */
export const PurchaseBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  itemId: ResourceIdSchema,
})

/** Path of GET /api/chat/shop/purchases/{walletAddress}. */
export const PurchasesParamsSchema = z.object({ walletAddress: WalletAddressSchema })

/** Path of PATCH /api/chat/shop/purchases/{itemId}. */
export const PurchaseItemParamsSchema = z.object({ itemId: ResourceIdSchema })

/** PATCH /api/chat/shop/purchases/{itemId} -> Purchase. Activating deactivates the other item of its type. */
export const PatchPurchaseBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  active: z.boolean(),
})
