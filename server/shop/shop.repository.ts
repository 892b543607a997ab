import { type Kysely, PostgresAdapter, type Transaction } from 'kysely'
import type { Database, ShopItemTable } from '../db/database'

type Db = Kysely<Database>

/**
 * Every shop write for a wallet (purchase, activate, deactivate) starts by locking the wallet's
 * ledger row and only then touches its purchases: one lock order, so two of them can only queue,
 * never deadlock (RELIABILITY.md §9, finding 4: concurrent toggles on PostgreSQL deadlocked into
 * 500s and 503s). PostgreSQL: SELECT … FOR UPDATE on the row (created first if missing). SQLite:
 * Kysely runs transactions one at a time on its single connection, so the write lock is already
 * exclusive.
 */
async function lockWallet(trx: Transaction<Database>, wallet: string): Promise<void> {
  await trx
    .insertInto('wallet_ledgers')
    .values({ wallet_address: wallet, spent: 0 })
    .onConflict((oc) => oc.column('wallet_address').doNothing())
    .execute()
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx
      .selectFrom('wallet_ledgers')
      .select('wallet_address')
      .where('wallet_address', '=', wallet)
      .forUpdate()
      .execute()
  }
}
export type ShopItemRow = ShopItemTable

async function ownsItem(trx: Transaction<Database>, wallet: string, itemId: string) {
  const row = await trx
    .selectFrom('purchases')
    .select('item_id')
    .where('wallet_address', '=', wallet)
    .where('item_id', '=', itemId)
    .executeTakeFirst()
  return row !== undefined
}

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
 * committed to earlier purchases. One transaction under the wallet's lock (lockWallet), so
 * concurrent purchases serialise and the balance can never be committed twice; the conditional
 * ledger UPDATE and the (wallet, item) primary key stay as a second line.
 */
export async function purchaseItem(
  db: Db,
  wallet: string,
  item: ShopItemRow,
  wholeBalance: number,
  now: string,
): Promise<PurchaseOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockWallet(trx, wallet)
    // Under the wallet's lock: no concurrent purchase of this wallet can commit in between.
    if (await ownsItem(trx, wallet, item.id)) return 'owned'
    const debited = await trx
      .updateTable('wallet_ledgers')
      .set((eb) => ({ spent: eb('spent', '+', item.price) }))
      .where('wallet_address', '=', wallet)
      .where((eb) => eb(eb('spent', '+', item.price), '<=', wholeBalance))
      .executeTakeFirst()
    if (Number(debited.numUpdatedRows) !== 1) return 'insufficient'
    await trx
      .insertInto('purchases')
      .values({ wallet_address: wallet, item_id: item.id, active: 0, purchased_at: now })
      .execute()
    return 'purchased' as const
  })
}

/**
 * Sets one purchase's active flag; activating turns off the wallet's other item of the same type.
 * false — and nothing changed — when the wallet does not own the item (a 404 has no side effect).
 */
export async function setPurchaseActive(
  db: Db,
  wallet: string,
  item: ShopItemRow,
  active: boolean,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockWallet(trx, wallet)
    if (!(await ownsItem(trx, wallet, item.id))) return false
    if (active) {
      const sameType = trx.selectFrom('shop_items').select('id').where('type', '=', item.type)
      await trx
        .updateTable('purchases')
        .set({ active: 0 })
        .where('wallet_address', '=', wallet)
        .where('item_id', 'in', sameType)
        .where('item_id', '!=', item.id)
        .execute()
    }
    await trx
      .updateTable('purchases')
      .set({ active: active ? 1 : 0 })
      .where('wallet_address', '=', wallet)
      .where('item_id', '=', item.id)
      .execute()
    return true
  })
}
