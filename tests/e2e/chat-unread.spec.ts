/**
 * Unread, mentions and previews in real browsers (docs/ARCHITECTURE.md "Chat moderation"): a
 * mention completes from the room's participants, marks the message and the mentioned reader's
 * room card; the "New messages" divider and the jump to it work and reading clears the count; a
 * room above the wallet's tier says how much more it needs and, once staff allow previews, shows
 * its last messages with names hidden. Own server (chatPage.ts).
 */
import { expect, test } from '@playwright/test'
import { demoBalanceOf } from '../../server/chain/demo-chain.provider'
import {
  alice,
  bob,
  connect,
  defaultName,
  enter,
  message,
  openChat,
  send,
  staff,
  startChatServer,
} from './chatPage'

const origin = startChatServer()

test.describe('chat: unread, mentions, previews', () => {
  test('a mention marks the message and the room card; the divider and the jump work', async ({
    browser,
  }) => {
    test.setTimeout(150_000)
    const b = await openChat(browser, origin, bob)
    const a = await openChat(browser, origin, alice)
    await connect(b, bob)
    await connect(a, alice)
    // Bob joins the room under a name with a space, then leaves it.
    await enter(b, 'Bronze Lounge')
    await b.getByRole('textbox', { name: 'Display name' }).fill('Bobby Tables')
    await b.getByRole('button', { name: 'Update' }).click()
    await b.getByRole('button', { name: 'Exit Room' }).click()

    await enter(a, 'Bronze Lounge')
    const box = a.getByRole('textbox', { name: 'Message' })
    await box.pressSequentially('@bob')
    const list = a.getByRole('listbox', { name: 'Mention suggestions' })
    await expect(list.getByRole('option', { name: '@Bobby Tables' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await box.press('Enter')
    // typed straight after the pick: the caret is after the name before the next key lands
    await box.pressSequentially('look <b>here</b>')
    await expect(box).toHaveValue('@Bobby Tables look <b>here</b>')
    await expect(list).toHaveCount(0)
    await box.press('Enter')
    await expect(box).toHaveValue('')
    for (let i = 1; i <= 14; i++) {
      // The message rate is 10 at once, then one a second.
      if (i > 8) await a.waitForTimeout(1_050)
      await send(a, `filler line ${i}`)
    }

    // Bob's card counts them live, with the mention.
    const card = b.getByTestId('unread-bronze-lounge')
    await expect(card).toContainText('15 new')
    await expect(card.getByLabel('1 mention of you')).toBeVisible()

    await enter(b, 'Bronze Lounge')
    const mention = message(b, 'look <b>here</b>')
    await expect(mention).toContainText('MENTIONS YOU')
    await expect(mention).toContainText('@Bobby Tables look <b>here</b>')
    const divider = b.getByRole('separator', { name: 'New messages' })
    await expect(divider).toBeAttached()
    await expect(divider).not.toBeInViewport()
    await b.getByRole('button', { name: 'Jump to first unread' }).click()
    await expect(divider).toBeInViewport()
    await expect(b.getByRole('button', { name: 'Jump to first unread' })).toHaveCount(0)
    await b.screenshot({ path: test.info().outputPath('divider.png') })

    // Read: the count is gone from the card (the server holds the mark).
    await b.getByRole('button', { name: 'Exit Room' }).click()
    await expect(b.getByRole('button', { name: 'Enter Bronze Lounge' })).toBeVisible()
    await expect(b.getByTestId('unread-bronze-lounge')).toHaveCount(0)
    await b.context().close()
    await a.context().close()
  })

  test('a room above the tier says how much more is needed and previews with names hidden', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const s = await openChat(browser, origin, staff)
    const a = await openChat(browser, origin, alice)
    await connect(s, staff)
    await connect(a, alice)
    const short = Math.ceil(100_000 - demoBalanceOf(alice.address)).toLocaleString('en-US')
    const vault = a.getByRole('article', { name: 'Gold Vault' })
    await expect(vault).toContainText(`Needs ${short} more vPOS`)
    await expect(vault.getByRole('button', { name: /Preview/ })).toHaveCount(0)

    await enter(s, 'Gold Vault')
    await send(s, 'vault news for holders')
    await s.goto('/settings?boot=0&feed=sim&paused=1')
    const previews = s
      .locator('[data-room-id="gold-vault"]')
      .getByRole('checkbox', { name: /Previews/ })
    await previews.click()
    await expect(previews).toBeChecked()

    await a.reload()
    await expect(vault.getByRole('button', { name: /Preview/ })).toBeVisible()
    await vault.getByRole('button', { name: /Preview/ }).click()
    const shown = vault.getByRole('list', { name: 'Preview messages' })
    await expect(shown).toContainText('Holder')
    await expect(shown).toContainText('vault news for holders')
    await expect(shown).not.toContainText(defaultName(staff.address))
    await a.screenshot({ path: test.info().outputPath('preview.png') })
    await s.context().close()
    await a.context().close()
  })
})
