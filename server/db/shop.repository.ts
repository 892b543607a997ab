import type { Kysely } from 'kysely'
import type { Database, ShopItemTable } from './database'

type Db = Kysely<Database>
export type ShopItemRow = ShopItemTable

export async function listItems(db: Db): Promise<ShopItemRow[]> {
  return db.selectFrom('shop_items').selectAll().orderBy('position').execute()
}

export async function findItem(db: Db, id: string): Promise<ShopItemRow | undefined> {
  return db.selectFrom('shop_items').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function listPurchases(db: Db, wallet: string) {
  return db
    .selectFrom('purchases')
    .innerJoin('shop_items', 'shop_items.id', 'purchases.item_id')
    .selectAll('shop_items')
    .select(['purchases.active', 'purchases.purchased_at'])
    .where('purchases.wallet_address', '=', wallet)
    .orderBy('purchases.purchased_at')
    .orderBy('shop_items.position')
    .execute()
}

export type PurchaseOutcome = 'purchased' | 'owned' | 'insufficient'

/**
 * Buys `item` for `wallet` if its whole-vPOS balance covers the price on top of what it already
 * committed to earlier purchases. One transaction; the conditional ledger UPDATE row-locks the
 * wallet (PostgreSQL) or runs under SQLite's single writer, so concurrent purchases serialise and
 * the balance can never be committed twice; the (wallet, item) primary key stops double buys.
 */
export async function purchaseItem(
  db: Db,
  wallet: string,
  item: ShopItemRow,
  wholeBalance: number,
  now: string,
): Promise<PurchaseOutcome> {
  return db
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('wallet_ledgers')
        .values({ wallet_address: wallet, spent: 0 })
        .onConflict((oc) => oc.column('wallet_address').doNothing())
        .execute()
      const owned = await trx
        .selectFrom('purchases')
        .select('item_id')
        .where('wallet_address', '=', wallet)
        .where('item_id', '=', item.id)
        .executeTakeFirst()
      if (owned) return 'owned'
      const debited = await trx
        .updateTable('wallet_ledgers')
        .set((eb) => ({ spent: eb('spent', '+', item.price) }))
        .where('wallet_address', '=', wallet)
        .where((eb) => eb(eb('spent', '+', item.price), '<=', wholeBalance))
        .executeTakeFirst()
      if (Number(debited.numUpdatedRows) !== 1) return 'insufficient'
      // Re-check under the ledger row lock: a concurrent buyer of the same item committed first.
      const ownedNow = await trx
        .selectFrom('purchases')
        .select('item_id')
        .where('wallet_address', '=', wallet)
        .where('item_id', '=', item.id)
        .executeTakeFirst()
      if (ownedNow) throw new AlreadyOwned()
      await trx
        .insertInto('purchases')
        .values({ wallet_address: wallet, item_id: item.id, active: 0, purchased_at: now })
        .execute()
      return 'purchased' as const
    })
    .catch((err: unknown) => {
      if (err instanceof AlreadyOwned) return 'owned' as const
      throw err
    })
}

class AlreadyOwned extends Error {}

/** Sets one purchase's active flag; activating turns off the wallet's other item of the same type. */
export async function setPurchaseActive(
  db: Db,
  wallet: string,
  item: ShopItemRow,
  active: boolean,
) {
  return db.transaction().execute(async (trx) => {
    if (active) {
      const sameType = trx.selectFrom('shop_items').select('id').where('type', '=', item.type)
      await trx
        .updateTable('purchases')
        .set({ active: 0 })
        .where('wallet_address', '=', wallet)
        .where('item_id', 'in', sameType)
        .execute()
    }
    const res = await trx
      .updateTable('purchases')
      .set({ active: active ? 1 : 0 })
      .where('wallet_address', '=', wallet)
      .where('item_id', '=', item.id)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  })
}
