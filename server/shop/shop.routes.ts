import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  PatchPurchaseBodySchema,
  PurchaseBodySchema,
  PurchaseItemParamsSchema,
  PurchasesParamsSchema,
  PurchaseSchema,
  ShopItemSchema,
  type Purchase,
  type ShopItem,
  type ShopItemType,
} from '../../src/contracts/shop'
import { isoAt } from '../db/database'
import {
  findItem,
  listItems,
  listPurchases,
  purchaseItem,
  setPurchaseActive,
  type ShopItemRow,
} from './shop.repository'
import { HttpError } from '../http/http-error'
import { apiPaths } from '../../src/contracts/apiPaths'

const BODY_LIMIT = 4 * 1024

function toItem(r: ShopItemRow): ShopItem {
  return {
    id: r.id,
    type: r.type as ShopItemType,
    name: r.name,
    description: r.description,
    price: Number(r.price),
    display: r.display,
    color: r.color,
  }
}

export async function shopRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  async function purchasesOf(wallet: string): Promise<Purchase[]> {
    return (await listPurchases(app.db, wallet)).map((r) => ({
      itemId: r.id,
      active: Number(r.active) === 1,
      item: toItem(r),
      purchasedAt: r.purchased_at,
    }))
  }

  /** The item named in the body or path, 404 if there is none (before the rate limit). */
  async function itemOrNotFound(itemId: string, field?: string): Promise<ShopItemRow> {
    const item = await findItem(app.db, itemId)
    if (!item) throw new HttpError(404, `Shop item not found: ${itemId}`, field ? { field } : {})
    return item
  }

  app.get(
    apiPaths.shop.items.pattern,
    { schema: { response: { 200: z.array(ShopItemSchema) } } },
    async () => (await listItems(app.db)).map(toItem),
  )

  app.post(
    apiPaths.shop.purchase.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: { body: PurchaseBodySchema, response: { 201: PurchaseSchema } },
      config: { session: true, rateLimit: 'purchase' },
      preHandler: async (req) => {
        await itemOrNotFound((req.body as { itemId: string }).itemId, 'itemId')
      },
    },
    async (req, reply) => {
      const wallet = req.wallet
      const item = await itemOrNotFound(req.body.itemId, 'itemId')
      const { balance } = await app.balances.balance(wallet)
      const outcome = await purchaseItem(app.db, wallet, item, Math.floor(balance), isoAt())
      if (outcome === 'owned') throw new HttpError(409, `You already own: ${item.display}`)
      if (outcome === 'insufficient') {
        throw new HttpError(
          403,
          `Insufficient Balance: You need ${item.price} vPOS tokens to purchase this item`,
        )
      }
      const purchase = (await purchasesOf(wallet)).find((p) => p.itemId === item.id)
      if (!purchase) throw new Error('stored purchase vanished')
      return reply.code(201).send(purchase)
    },
  )

  app.get(
    apiPaths.shop.purchases.pattern,
    {
      schema: { params: PurchasesParamsSchema, response: { 200: z.array(PurchaseSchema) } },
      config: { session: true },
    },
    async (req) => purchasesOf(req.wallet),
  )

  app.patch(
    apiPaths.shop.purchasedItem.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        params: PurchaseItemParamsSchema,
        body: PatchPurchaseBodySchema,
        response: { 200: PurchaseSchema },
      },
      config: { session: true },
    },
    async (req) => {
      const wallet = req.wallet
      const item = await itemOrNotFound(req.params.itemId)
      if (!(await setPurchaseActive(app.db, wallet, item, req.body.active))) {
        throw new HttpError(404, `You do not own: ${item.display}`)
      }
      const purchase = (await purchasesOf(wallet)).find((p) => p.itemId === item.id)
      if (!purchase) throw new HttpError(404, `You do not own: ${item.display}`)
      return purchase
    },
  )
}
