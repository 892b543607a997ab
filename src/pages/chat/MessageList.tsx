import { useLayoutEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import type { ChatMessage } from '../../contracts/chat'
import { walletState } from '../../state/walletStore'
import { Button } from '../../ui/Button'
import { LoadingText } from '../../ui/Page'
import { isNearBottom } from './chatLogic'
import { NameTag } from './bits'
import { ReactionBar, ReactionPicker } from './Reactions'
import { useRoomMessages } from './useRoom'
import { stackList } from '../../ui/stackList'

const Wrap = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`
const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: 10px 4px 10px 0;
  overscroll-behavior: contain;
`
const List = styled.ol`
  ${stackList(2)}
`
const Item = styled.li<{ $me: boolean }>`
  position: relative;
  padding: 8px 10px;
  border-radius: ${(p) => p.theme.radius};
  border-left: 2px solid ${(p) => (p.$me ? p.theme.color.accent : 'transparent')};
  .reaction-picker {
    display: none;
  }
  &:hover,
  &:focus-within {
    background: rgba(0, 240, 200, 0.04);
  }
  &:hover .reaction-picker,
  &:focus-within .reaction-picker,
  &[data-picker='open'] .reaction-picker {
    display: flex;
  }
  &:hover [data-empty],
  &:focus-within [data-empty],
  &[data-picker='open'] [data-empty] {
    display: inline-flex;
  }
`
const Head = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 10px;
`
const Time = styled.time`
  color: ${(p) => p.theme.color.muted};
  font-size: 10px;
  white-space: nowrap;
`
const Text = styled.p`
  margin: 3px 0 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`
const Empty = styled.p`
  margin: auto;
  padding: 40px 0;
  text-align: center;
  color: ${(p) => p.theme.color.muted};
`
const ToBottom = styled(Button)`
  position: absolute;
  right: 14px;
  bottom: 10px;
  box-shadow: 0 4px 14px rgba(0, 0, 0, 0.6);
`
const TouchReact = styled.button`
  display: none;
  background: none;
  border: none;
  color: ${(p) => p.theme.color.muted};
  font-size: 11px;
  cursor: pointer;
  @media (hover: none) {
    display: inline;
  }
`

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' })

function MessageRow({ message, wallet }: { message: ChatMessage; wallet: string | null }) {
  const [pickerOpen, setPickerOpen] = useState(false)
  const me = message.walletAddress === wallet
  return (
    <Item $me={me} data-picker={pickerOpen ? 'open' : undefined} data-message-id={message.id}>
      <Head>
        <NameTag
          name={message.displayName}
          isStaff={message.isStaff}
          badge={message.badge}
          title={message.title}
          me={me}
        />
        <span>
          {/* GOTCHA: touch screens have no hover, so the picker opens from this button there. */}
          <TouchReact
            type="button"
            aria-expanded={pickerOpen}
            onClick={() => setPickerOpen((o) => !o)}
          >
            React
          </TouchReact>{' '}
          <Time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</Time>
        </span>
      </Head>
      <Text>{message.content}</Text>
      <ReactionBar message={message} wallet={wallet} />
      <ReactionPicker message={message} />
    </Item>
  )
}

/**
 * The message list (role=log). PRODUCT.md §4: it follows new messages while the reader is within
 * 100 px of the bottom; scrolling up stops that and shows a scroll-to-bottom button.
 */
export function MessageList({ roomId }: { roomId: string }) {
  const query = useRoomMessages(roomId)
  const messages = query.data?.list ?? []
  const messagesLoaded = !query.isPending
  const { walletAddress } = useSnapshot(walletState)
  const scroller = useRef<HTMLDivElement>(null)
  const follow = useRef(true)
  const [atBottom, setAtBottom] = useState(true)

  const last = messages[messages.length - 1]?.id
  useLayoutEffect(() => {
    const el = scroller.current
    if (el && follow.current) el.scrollTop = el.scrollHeight
  }, [last, messages.length])

  function onScroll() {
    const el = scroller.current
    if (!el) return
    const near = isNearBottom(el)
    follow.current = near
    setAtBottom(near)
  }

  function scrollToBottom() {
    const el = scroller.current
    if (!el) return
    el.scrollTop = el.scrollHeight
    follow.current = true
    setAtBottom(true)
  }

  return (
    <Wrap>
      <Scroller ref={scroller} onScroll={onScroll} role="log" aria-label="Messages" tabIndex={0}>
        {!messagesLoaded && <LoadingText role="status">Loading messages...</LoadingText>}
        {messagesLoaded && messages.length === 0 && (
          <Empty>No messages yet. Say hello to the room.</Empty>
        )}
        <List>
          {messages.map((m) => (
            <MessageRow key={m.id} message={m} wallet={walletAddress} />
          ))}
        </List>
      </Scroller>
      {!atBottom && (
        <ToBottom $size="sm" onClick={scrollToBottom}>
          ↓ Scroll to bottom
        </ToBottom>
      )}
    </Wrap>
  )
}
