/**
 * Chat moderation in real browsers (docs/PRODUCT.md "Chat moderation"): staff hide a message and
 * another visitor sees it go at once; a member's report reaches the staff queue on /settings, where
 * staff dismiss it, and one made while /settings is open is pushed there at once; a non-staff
 * visitor sees the restricted notice on /settings. Own server with STAFF_WALLETS = the staff test
 * wallet (see chatPage.ts).
 */
import { expect, test, type Page } from '@playwright/test'
import { alice, connect, enter, message, openChat, send, staff, startChatServer } from './chatPage'

const origin = startChatServer()

/** Answers the next window.prompt (a staff reason, a report reason) with `text`. */
function answerPrompt(page: Page, text: string) {
  page.once('dialog', (d) => void d.accept(text))
}

test.describe('chat: moderation', () => {
  test('staff hide a message: it goes for others at once, staff keep it marked and restore it', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const s = await openChat(browser, origin, staff)
    const a = await openChat(browser, origin, alice)
    await connect(s, staff)
    await connect(a, alice)
    await enter(s, 'Signal Relay')
    await enter(a, 'Signal Relay')
    await send(a, 'an unkind remark')
    await expect(message(s, 'an unkind remark')).toBeVisible()
    // Members get no staff buttons.
    await expect(message(a, 'an unkind remark').getByRole('button', { name: 'Hide' })).toHaveCount(
      0,
    )

    answerPrompt(s, 'unkind')
    await message(s, 'an unkind remark').getByRole('button', { name: 'Hide' }).click()
    await expect(message(a, 'an unkind remark')).toHaveCount(0)
    await expect(message(s, 'an unkind remark')).toContainText('HIDDEN')

    answerPrompt(s, '')
    await message(s, 'an unkind remark').getByRole('button', { name: 'Restore' }).click()
    await expect(message(a, 'an unkind remark')).toBeVisible()
    await expect(message(s, 'an unkind remark')).not.toContainText('HIDDEN')

    // Pins: one tap away in the room.
    answerPrompt(s, '')
    await message(s, 'an unkind remark').getByRole('button', { name: 'Pin' }).click()
    await a.getByRole('button', { name: /^Pins/ }).click()
    await expect(a.getByRole('dialog', { name: 'Pinned messages' })).toContainText(
      'an unkind remark',
    )
    await a
      .getByRole('dialog', { name: 'Pinned messages' })
      .getByRole('button', { name: /an unkind remark/ })
      .click()
    await expect(a.getByRole('dialog', { name: 'Pinned messages' })).toHaveCount(0)
    await s.context().close()
    await a.context().close()
  })

  test("a member's report reaches the staff queue on /settings; a member sees the restricted notice", async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const s = await openChat(browser, origin, staff)
    const a = await openChat(browser, origin, alice)
    await connect(s, staff)
    await connect(a, alice)
    await enter(s, 'Signal Relay')
    await enter(a, 'Signal Relay')
    await send(s, 'staff says hello')
    await send(s, 'staff says it again')
    await send(a, 'buy my <b>coin</b>')
    await expect(message(s, 'buy my <b>coin</b>')).toBeVisible()

    // No Report button on one's own message.
    await expect(message(a, 'buy my').getByRole('button', { name: 'Report' })).toHaveCount(0)
    answerPrompt(a, 'spam')
    await message(a, 'staff says hello').getByRole('button', { name: 'Report' }).click()
    await expect(a.getByText('Reported', { exact: true })).toBeVisible()

    await s.goto('/settings?boot=0&feed=sim&paused=1')
    const queue = s.getByRole('region', { name: 'Report queue' })
    await expect(queue).toContainText('staff says hello')
    await expect(queue).toContainText('spam')
    await queue.getByRole('button', { name: 'Dismiss' }).click()
    await expect(queue).toContainText('No open reports.')
    await expect(s.getByRole('region', { name: 'Audit log' })).toContainText('dismiss report')

    // With /settings open, a new report is pushed: well inside the 5 s poll the page falls back to.
    // The dismissal's own push re-reads the queue within 400 ms: let it pass first, so only the
    // report's push can bring the report in.
    await s.waitForTimeout(1_000)
    // A click, right after the click that reported the row above: that row keeps the focus but no
    // longer grows with it (only keyboard focus shows its empty reaction chips), so this row does
    // not move up under the pointer between press and release.
    answerPrompt(a, 'again')
    await message(a, 'staff says it again').getByRole('button', { name: 'Report' }).click()
    await expect(queue).toContainText('staff says it again', { timeout: 1_500 })

    await a.goto('/settings?boot=0&feed=sim&paused=1')
    await expect(a.getByText('ACCESS RESTRICTED - Swarm Node Operators Can Access')).toBeVisible()
    await expect(a.getByRole('region', { name: 'Report queue' })).toHaveCount(0)
    await s.context().close()
    await a.context().close()
  })
})
