import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { WalletAddressSchema } from '../../src/contracts/address'
import {
  PatchPurchaseBodySchema,
  PurchaseBodySchema,
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
} from '../db/shop.repository'
import { HttpError, parseWith } from '../http/http-error'
import { requireSameWallet, requireSession } from '../plugins/session.plugin'
import { RATE_RULES } from '../rate-limit/rate-limiter'

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

export async function shopRoutes(app: FastifyInstance) {
  async function purchasesOf(wallet: string): Promise<Purchase[]> {
    return (await listPurchases(app.db, wallet)).map((r) => ({
      itemId: r.id,
      active: Number(r.active) === 1,
      item: toItem(r),
      purchasedAt: r.purchased_at,
    }))
  }

  app.get('/api/chat/shop/items', async (): Promise<ShopItem[]> =>
    (await listItems(app.db)).map(toItem),
  )

  app.post('/api/chat/shop/purchase', { bodyLimit: BODY_LIMIT }, async (req, reply) => {
    const wallet = await requireSession(app, req)
    const body = parseWith(PurchaseBodySchema, req.body)
    requireSameWallet(wallet, body.walletAddress)
    const item = await findItem(app.db, body.itemId)
    if (!item) throw new HttpError(404, `Shop item not found: ${body.itemId}`, { field: 'itemId' })
    await app.limit(`purchase:${wallet}`, RATE_RULES.purchase)
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
    return reply.code(201).send(purchase)
  })

  app.get('/api/chat/shop/purchases/:walletAddress', async (req): Promise<Purchase[]> => {
    const wallet = await requireSession(app, req)
    const { walletAddress } = parseWith(
      z.object({ walletAddress: WalletAddressSchema }),
      req.params,
      'wallet',
    )
    requireSameWallet(wallet, walletAddress)
    return purchasesOf(wallet)
  })

  app.patch(
    '/api/chat/shop/purchases/:itemId',
    { bodyLimit: BODY_LIMIT },
    async (req): Promise<Purchase> => {
      const wallet = await requireSession(app, req)
      const body = parseWith(PatchPurchaseBodySchema, req.body)
      requireSameWallet(wallet, body.walletAddress)
      const { itemId } = parseWith(
        z.object({ itemId: z.string().min(1).max(64) }),
        req.params,
        'item id',
      )
      const item = await findItem(app.db, itemId)
      if (!item) throw new HttpError(404, `Shop item not found: ${itemId}`)
      if (!(await setPurchaseActive(app.db, wallet, item, body.active))) {
        throw new HttpError(404, `You do not own: ${item.display}`)
      }
      const purchase = (await purchasesOf(wallet)).find((p) => p.itemId === item.id)
      if (!purchase) throw new HttpError(404, `You do not own: ${item.display}`)
      return purchase
    },
  )
}
