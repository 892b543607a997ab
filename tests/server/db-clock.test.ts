/**
 * The database clock (RELIABILITY.md §6a): read from the database on both engines, interpolated
 * between samples.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/database'
import { createDbClock } from '../../server/db/db-clock'
import { backends } from './helpers/backends'

describe.each(backends.map((b) => [b().name, b] as const))(
  'database clock on %s',
  (_name, make) => {
    const backend = make()
    const handles: Array<() => Promise<void>> = []
    afterAll(async () => {
      for (const h of handles) await h()
      await backend.drop()
    })

    it('reads the database time, then interpolates on the monotonic clock until the next sample', async () => {
      const handle = openDatabase(await backend.create())
      handles.push(() => handle.db.destroy())
      let mono = 1_000
      const clock = createDbClock(handle.db, handle.kind, 10_000, () => mono)
      const first = await clock.now()
      // The database runs on this machine: its clock agrees with ours to well within a second.
      expect(Math.abs(first - Date.now())).toBeLessThan(1_000)
      mono += 2_500
      // No new sample inside the window: exactly the first reading plus the monotonic time.
      expect(await clock.now()).toBe(first + 2_500)
      mono += 20_000
      const resampled = await clock.now()
      expect(Math.abs(resampled - Date.now())).toBeLessThan(1_000)
    })
  },
)
