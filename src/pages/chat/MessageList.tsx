import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import type { ChatMessage } from '../../contracts/chat'
import { walletState } from '../../state/walletStore'
import { Button } from '../../ui/Button'
import { LoadingText } from '../../ui/Page'
import { firstUnreadId, isNearBottom, momentChips } from './chatLogic'
import { chatState } from './chatStore'
import { useMarkReadOnScroll } from './unread'
import { NameTag } from './bits'
import { ReactionBar, ReactionPicker } from './Reactions'
import { useRoomMessages } from './useRoom'
import { moderateMessage, muteAuthor, pinsQuery, reportMessage } from './moderation'
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
const Item = styled.li<{ $me: boolean; $hidden: boolean; $mention: boolean }>`
  position: relative;
  opacity: ${(p) => (p.$hidden ? 0.55 : 1)};
  ${(p) => (p.$hidden ? `outline: 1px dashed ${p.theme.color.red};` : '')}
  ${(p) => (p.$mention ? 'background: rgba(255, 181, 71, 0.08);' : '')}
  padding: 8px 10px;
  border-radius: ${(p) => p.theme.radius};
  border-left: 2px solid
    ${(p) => (p.$mention ? p.theme.color.amber : p.$me ? p.theme.color.accent : 'transparent')};
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
  /* keyboard focus only: a click's focus stayed on the row after the pointer left, and the row
     collapsing when the next click took it moved the rows below under that click */
  &:hover [data-empty],
  &:has(:focus-visible) [data-empty],
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
const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-top: 4px;
`
const Chip = styled(Link)`
  display: inline-flex;
  align-items: center;
  height: 22px;
  padding: 0 8px;
  border: 1px solid ${(p) => p.theme.color.accent};
  border-radius: 999px;
  color: ${(p) => p.theme.color.accent};
  font-size: 11px;
  text-decoration: none;
  &:hover,
  &:focus-visible {
    background: ${(p) => p.theme.color.accentSoft};
  }
`

/** A shared moment of the live swarm in the text (issue 33): a chip that opens it in Swarm Core. */
function MomentChips({ text }: { text: string }) {
  const chips = momentChips(text, window.location.origin)
  if (chips.length === 0) return null
  return (
    <Chips>
      {chips.map((c) => (
        <Chip key={c.to} to={c.to} data-moment-chip title="Open this moment of the live swarm">
          {c.label}
        </Chip>
      ))}
    </Chips>
  )
}
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

const Actions = styled.span`
  display: inline-flex;
  gap: 2px;
  margin-right: 4px;
`
const Act = styled.button`
  background: none;
  border: none;
  padding: 0 3px;
  color: ${(p) => p.theme.color.muted};
  font: inherit;
  font-size: 10px;
  letter-spacing: 0.04em;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    color: ${(p) => p.theme.color.accent};
  }
`
const MentionMark = styled.span`
  color: ${(p) => p.theme.color.amber};
  font-size: 10px;
  letter-spacing: 0.1em;
  margin-right: 6px;
`
/* A list item like every other child of the list (axe "list"), holding the separator. */
const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 6px 0;
  color: ${(p) => p.theme.color.amber};
  font-size: 10px;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${(p) => p.theme.color.amber};
  }
`
const Jump = styled(Button)`
  position: absolute;
  left: 50%;
  top: 8px;
  transform: translateX(-50%);
  box-shadow: 0 4px 14px rgba(0, 0, 0, 0.6);
`
const HiddenMark = styled.span`
  color: ${(p) => p.theme.color.red};
  font-size: 10px;
  letter-spacing: 0.1em;
  margin-right: 6px;
`

/** Report (members, on others' messages); hide/restore, pin/unpin and mute (staff). */
function MessageActions({
  message,
  me,
  signedIn,
  isStaff,
  pinned,
}: {
  message: ChatMessage
  me: boolean
  signedIn: boolean
  isStaff: boolean
  pinned: boolean
}) {
  const qc = useQueryClient()
  if (!signedIn) return null
  return (
    <Actions>
      {!me && !message.hidden && (
        <Act type="button" onClick={() => void reportMessage(message)}>
          Report
        </Act>
      )}
      {isStaff && (
        <>
          <Act
            type="button"
            onClick={() => void moderateMessage(qc, message, message.hidden ? 'restore' : 'hide')}
          >
            {message.hidden ? 'Restore' : 'Hide'}
          </Act>
          {!message.hidden && (
            <Act
              type="button"
              onClick={() => void moderateMessage(qc, message, pinned ? 'unpin' : 'pin')}
            >
              {pinned ? 'Unpin' : 'Pin'}
            </Act>
          )}
          {!message.isStaff && (
            <Act type="button" onClick={() => void muteAuthor(message)}>
              Mute
            </Act>
          )}
        </>
      )}
    </Actions>
  )
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' })

function MessageRow({
  message,
  wallet,
  isStaff,
  pinned,
}: {
  message: ChatMessage
  wallet: string | null
  isStaff: boolean
  pinned: boolean
}) {
  const [pickerOpen, setPickerOpen] = useState(false)
  const me = message.walletAddress === wallet
  const mentionsMe = wallet !== null && !me && message.mentions.includes(wallet)
  return (
    <Item
      $me={me}
      $hidden={message.hidden}
      $mention={mentionsMe}
      data-mention={mentionsMe ? 'true' : undefined}
      data-picker={pickerOpen ? 'open' : undefined}
      data-message-id={message.id}
      data-hidden={message.hidden ? 'true' : undefined}
    >
      <Head>
        <NameTag
          name={message.displayName}
          isStaff={message.isStaff}
          badge={message.badge}
          title={message.title}
          me={me}
        />
        <span>
          {mentionsMe && <MentionMark>MENTIONS YOU</MentionMark>}
          {message.hidden && <HiddenMark>HIDDEN</HiddenMark>}
          <MessageActions
            message={message}
            me={me}
            signedIn={wallet !== null}
            isStaff={isStaff}
            pinned={pinned}
          />
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
      <MomentChips text={message.content} />
      <ReactionBar message={message} wallet={wallet} />
      <ReactionPicker message={message} />
    </Item>
  )
}

/**
 * Where the "New messages" divider goes for this visit: fixed when the messages first load (the
 * first one after the wallet's last-read mark that is not its own), so it does not move as the
 * reader marks messages read or new ones arrive.
 */
function useDividerId(messages: readonly ChatMessage[], loaded: boolean, wallet: string | null) {
  const { readFrom } = useSnapshot(chatState)
  const [divider, setDivider] = useState<number | null | undefined>(undefined)
  useEffect(() => {
    if (divider === undefined && loaded) setDivider(firstUnreadId(messages, readFrom, wallet))
  }, [divider, loaded, messages, readFrom, wallet])
  return divider ?? null
}

/** The "New messages" line before the first unread message. */
function NewMessagesDivider({ ref }: { ref: RefObject<HTMLDivElement | null> }) {
  return (
    <li>
      <Divider ref={ref} role="separator" aria-label="New messages">
        New messages
      </Divider>
    </li>
  )
}

/** Whether the divider is scrolled out of view (then "Jump to first unread" shows). */
function dividerOutOfView(scroller: HTMLElement | null, divider: HTMLElement | null): boolean {
  if (!scroller || !divider) return false
  const box = scroller.getBoundingClientRect()
  const at = divider.getBoundingClientRect()
  return at.bottom < box.top || at.top > box.bottom
}

/**
 * The message list (role=log). PRODUCT.md §4: it follows new messages while the reader is within
 * 100 px of the bottom; scrolling up stops that and shows a scroll-to-bottom button. A "New
 * messages" divider sits above the first unread message, with a jump to it while it is out of
 * view; messages mark read as they scroll into view (unread.ts).
 */
export function MessageList({ roomId }: { roomId: string }) {
  const query = useRoomMessages(roomId)
  const messages = query.data?.list ?? []
  const messagesLoaded = !query.isPending
  const { walletAddress, isStaff } = useSnapshot(walletState)
  const pins = useQuery(pinsQuery(roomId)).data ?? []
  const pinnedIds = new Set(pins.map((p) => p.id))
  const scroller = useRef<HTMLDivElement>(null)
  const dividerRef = useRef<HTMLDivElement>(null)
  const follow = useRef(true)
  const [atBottom, setAtBottom] = useState(true)
  const [jumpShown, setJumpShown] = useState(false)
  const dividerId = useDividerId(
    messages,
    messagesLoaded && query.data !== undefined,
    walletAddress,
  )
  useMarkReadOnScroll(roomId, walletAddress, scroller, messages.length)

  const last = messages[messages.length - 1]?.id
  useLayoutEffect(() => {
    const el = scroller.current
    if (el && follow.current) el.scrollTop = el.scrollHeight
    setJumpShown(dividerOutOfView(el, dividerRef.current))
  }, [last, messages.length, dividerId])

  function onScroll() {
    const el = scroller.current
    if (!el) return
    const near = isNearBottom(el)
    follow.current = near
    setAtBottom(near)
    setJumpShown(dividerOutOfView(el, dividerRef.current))
  }

  function scrollToBottom() {
    if (scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight
    follow.current = true
    setAtBottom(true)
  }

  function jumpToFirstUnread() {
    follow.current = false
    dividerRef.current?.scrollIntoView({ block: 'start' })
    setJumpShown(false)
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
            <Fragment key={m.id}>
              {m.id === dividerId && <NewMessagesDivider ref={dividerRef} />}
              <MessageRow
                message={m}
                wallet={walletAddress}
                isStaff={isStaff}
                pinned={pinnedIds.has(m.id)}
              />
            </Fragment>
          ))}
        </List>
      </Scroller>
      {jumpShown && (
        <Jump $size="sm" onClick={jumpToFirstUnread}>
          ↑ Jump to first unread
        </Jump>
      )}
      {!atBottom && (
        <ToBottom $size="sm" onClick={scrollToBottom}>
          ↓ Scroll to bottom
        </ToBottom>
      )}
    </Wrap>
  )
}
