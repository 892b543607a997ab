import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { HttpError } from '../../api/http'
import type { Purchase, ShopItem } from '../../contracts/shop'
import { walletState } from '../../state/walletStore'
import { Badge } from '../../ui/Badge'
import { BrandText } from '../../ui/BrandText'
import { Button } from '../../ui/Button'
import { Modal, ModalClose, ModalDescription, ModalTitle } from '../../ui/Modal'
import { ErrorText, LoadingText } from '../../ui/Page'
import { toast } from '../../ui/toastStore'
import { canBuy, formatAmount, safeColor } from './chatLogic'
import { showCosmetics } from './chatStore'
import { chatKeys, purchaseItem, purchasesQuery, setItemActive, shopItemsQuery } from './queries'

const Body = styled.div`
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 14px;
`
const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 10px;
`
const Section = styled.section`
  h3 {
    margin: 0 0 8px;
    font-size: 11px;
    letter-spacing: 0.12em;
    text-transform: uppercase;
    color: ${(p) => p.theme.color.muted};
  }
`
const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 10px;
`
const Card = styled.li<{ $owned: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 10px;
  border-radius: ${(p) => p.theme.radius};
  border: 1px solid ${(p) => (p.$owned ? p.theme.color.borderStrong : p.theme.color.border)};
  background: rgba(0, 0, 0, 0.25);
`
const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 6px;
`
const Display = styled.div<{ $color: string | null }>`
  font-size: 15px;
  font-weight: 600;
  color: ${(p) => p.$color ?? p.theme.color.text};
`
const Muted = styled.p`
  margin: 0;
  flex: 1;
  font-size: 11px;
  color: ${(p) => p.theme.color.muted};
`
const Notice = styled.p`
  margin: 0;
  min-height: 1em;
  font-size: 12px;
  color: ${(p) => p.theme.color.muted};
`
const Foot = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 6px;
  font-size: 12px;
  button[aria-disabled='true'] {
    opacity: 0.45;
    cursor: progress;
  }
`

function ItemCard({
  item,
  owned,
  balance,
  busy,
  pressed,
  onBuy,
  onToggle,
}: {
  item: ShopItem
  owned: Purchase | undefined
  balance: number | null
  /** a purchase or toggle is running (any item) */
  busy: boolean
  /** it is this item's */
  pressed: boolean
  onBuy: () => void
  onToggle: () => void
}) {
  const name = `${item.name} (${item.type})`
  // GOTCHA: a focused button that turns disabled drops focus to <body>, outside the dialog, and
  // Escape no longer closed it. The pressed button stays enabled (aria-disabled, clicks ignored)
  // while its request runs; Buy then becomes Activate in the same element, so focus stays on it.
  const action = {
    'aria-disabled': pressed || undefined,
    onClick: pressed ? undefined : owned ? onToggle : onBuy,
  }
  return (
    <Card $owned={owned !== undefined} aria-label={name}>
      <Top>
        <Display $color={safeColor(item.color)}>{item.display}</Display>
        {owned && (
          <Badge $tone={owned.active ? 'green' : 'muted'}>
            {owned.active ? 'Active' : 'Owned'}
          </Badge>
        )}
      </Top>
      <strong>{item.name}</strong>
      <Muted>{item.description}</Muted>
      <Foot>
        <span>{formatAmount(item.price)} vPOS</span>
        {owned ? (
          <Button $size="sm" $variant="ghost" disabled={busy && !pressed} {...action}>
            {owned.active ? 'Deactivate' : 'Activate'}
          </Button>
        ) : (
          <Button $size="sm" disabled={!pressed && !canBuy(balance, item.price, busy)} {...action}>
            Buy
          </Button>
        )}
      </Foot>
    </Card>
  )
}

/** The vPOS Shop: badges and titles; buy (balance ≥ price), then toggle active/inactive. */
// eslint-disable-next-line max-lines-per-function -- 146 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function ShopModal({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
}) {
  const { walletAddress, balance } = useSnapshot(walletState)
  const queryClient = useQueryClient()
  const items = useQuery({ ...shopItemsQuery, enabled: open })
  const purchases = useQuery({
    ...purchasesQuery(walletAddress ?? ''),
    enabled: open && walletAddress !== null,
  })
  const [processing, setProcessing] = useState<string | null>(null)
  // GOTCHA: an open modal hides the toast region from assistive tech, so the dialog repeats the
  // outcome of the last action in its own live line.
  const [notice, setNotice] = useState('')
  const tell = (input: Parameters<typeof toast>[0]) => {
    toast(input)
    setNotice(input.description ? `${input.title}: ${input.description}` : input.title)
  }

  function applyPurchases(list: Purchase[]) {
    if (!walletAddress) return
    queryClient.setQueryData(chatKeys.purchases(walletAddress), list)
    const active = (type: ShopItem['type']) => {
      const p = list.find((x) => x.active && x.item.type === type)
      return p ? { itemId: p.itemId, display: p.item.display, color: p.item.color } : null
    }
    showCosmetics(walletAddress, active('badge'), active('title'))
  }

  async function buy(item: ShopItem) {
    if (!walletAddress) return
    if (balance === null || balance < item.price) {
      tell({
        title: 'Insufficient Balance',
        description: `You need ${formatAmount(item.price)} vPOS tokens to purchase this item`,
        variant: 'destructive',
      })
      return
    }
    setProcessing(item.id)
    try {
      const bought = await purchaseItem(walletAddress, item.id)
      applyPurchases([...(purchases.data ?? []).filter((p) => p.itemId !== item.id), bought])
      tell({ title: 'Purchase Successful', description: `You now own: ${item.display}` })
    } catch (err) {
      const insufficient =
        err instanceof HttpError && err.serverError.startsWith('Insufficient Balance')
      tell({
        title: insufficient ? 'Insufficient Balance' : 'Purchase Failed',
        description: insufficient
          ? `You need ${formatAmount(item.price)} vPOS tokens to purchase this item`
          : 'Failed to purchase item',
        variant: 'destructive',
      })
    } finally {
      setProcessing(null)
    }
  }

  async function toggle(p: Purchase) {
    if (!walletAddress) return
    setProcessing(p.itemId)
    try {
      const updated = await setItemActive(walletAddress, p.itemId, !p.active)
      // Activating one item turns off the other of its type (server rule): mirror that here.
      applyPurchases(
        (purchases.data ?? []).map((x) =>
          x.itemId === updated.itemId
            ? updated
            : updated.active && x.item.type === updated.item.type
              ? { ...x, active: false }
              : x,
        ),
      )
      tell({
        title: updated.active ? 'Item Activated' : 'Item Deactivated',
        description: updated.item.display,
      })
    } catch {
      tell({ title: 'Error', description: 'Failed to update item status', variant: 'destructive' })
    } finally {
      setProcessing(null)
    }
  }

  const owned = new Map((purchases.data ?? []).map((p) => [p.itemId, p]))
  const section = (type: ShopItem['type'], title: string) => (
    <Section aria-label={title}>
      <h3>{title}</h3>
      <Grid>
        {(items.data ?? [])
          .filter((i) => i.type === type)
          .map((item) => (
            <ItemCard
              key={item.id}
              item={item}
              owned={owned.get(item.id)}
              balance={balance}
              busy={processing !== null}
              pressed={processing === item.id}
              onBuy={() => void buy(item)}
              onToggle={() => {
                const p = owned.get(item.id)
                if (p) void toggle(p)
              }}
            />
          ))}
      </Grid>
    </Section>
  )

  return (
    <Modal open={open} onOpenChange={onOpenChange} width={760}>
      <Body>
        <Head>
          <div>
            <ModalTitle>
              <BrandText>vPOS Shop</BrandText>
            </ModalTitle>
            <ModalDescription>
              Badges and titles shown beside your name. Buying needs a balance of at least the
              price; nothing leaves your wallet.
            </ModalDescription>
          </div>
          <ModalClose asChild>
            <Button $variant="ghost" $size="sm">
              Close
            </Button>
          </ModalClose>
        </Head>
        <Notice role="status">{notice}</Notice>
        <div>
          Balance: <strong>{balance === null ? '—' : `${formatAmount(balance)} vPOS`}</strong>
        </div>
        {(items.isPending || purchases.isPending) && (
          <LoadingText role="status">Loading shop...</LoadingText>
        )}
        {items.isError && (
          <ErrorText role="alert">Could not load the shop: {items.error.message}</ErrorText>
        )}
        {items.data && (
          <>
            {section('badge', 'Badges')}
            {section('title', 'Titles')}
          </>
        )}
      </Body>
    </Modal>
  )
}
