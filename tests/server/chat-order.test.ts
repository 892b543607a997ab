/**
 * bench:load finding (docs/RELIABILITY.md): on PostgreSQL, concurrent message inserts committed out
 * of id order, so a reader polling `?after=<last id>` could skip a message for good (measured: 12
 * of 2,000 and 83 of 3,000 messages missed by a tight poller before the fix). Writers race here
 * against a poller; every stored message must be seen, on every engine.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { insertMessage, listMessages } from '../../server/chat/chat.repository'
import { openDatabase } from '../../server/db/database'
import { migrateToLatest } from '../../server/db/migrate'
import { backends } from './helpers/backends'

const MESSAGES = 1000
const WRITERS = 30

const drops: Array<() => Promise<unknown>> = []
afterAll(async () => {
  for (const d of drops) await d()
})

describe.each(backends.map((b) => [b().name, b] as const))(
  'a poller sees every message while writers race (%s)',
  (_name, makeBackend) => {
    it(`${WRITERS} writers × ${MESSAGES} messages, one poller: 0 skipped`, async () => {
      const backend = makeBackend()
      const handle = openDatabase(await backend.create())
      drops.push(async () => {
        await handle.db.destroy()
        await backend.drop()
      })
      await migrateToLatest(handle)
      const { db } = handle
      let last = 0
      const seen = new Set<number>()
      let writing = true
      const poller = (async () => {
        while (writing) {
          for (const r of await listMessages(db, 'bronze-lounge', last, 200)) {
            seen.add(r.id)
            last = Math.max(last, r.id)
          }
        }
      })()
      let next = 0
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          while (next < MESSAGES) {
            const k = next++
            await insertMessage(db, {
              room_id: 'bronze-lounge',
              wallet_address: `w${k % 50}`,
              display_name: 'order',
              content: `m${k}`,
              client_id: `order-${k}`,
              created_at: new Date().toISOString(),
            })
          }
        }),
      )
      writing = false
      await poller
      for (const r of await listMessages(db, 'bronze-lounge', last, 200)) seen.add(r.id)
      const stored = await listMessages(db, 'bronze-lounge', 0, 10 * MESSAGES)
      expect(stored).toHaveLength(MESSAGES)
      // The final poll above may pick up the tail; what it cannot do is go back below `last`.
      const skipped = stored.filter((r) => !seen.has(r.id)).map((r) => r.id)
      expect(skipped).toEqual([])
    }, 60_000)
  },
)
