import { proxy } from 'valtio'
import { HttpError } from '../../api/http'
import type { ChatMessage, Cosmetic, Participant, Room } from '../../contracts/chat'
import { ensureFreshBalance, setDisplayName, walletState } from '../../state/walletStore'
import { toast } from '../../ui/toastStore'
import {
  accessDeniedText,
  hasRoomAccess,
  mergeMessages,
  nextCursor,
  reactionMethod,
  withCosmetics,
} from './chatLogic'
import {
  fetchMessages,
  fetchParticipants,
  postMessage,
  registerParticipant,
  sendReaction,
} from './queries'

/**
 * The open room (§4 room entry, polling, sending, reactions, renaming). Rooms, the shop and
 * announcements go through react-query in the components; what accumulates (messages behind an
 * `?after=` cursor) and what polls lives here.
 */
export interface ChatState {
  room: Room | null
  /** room id being entered (balance check running) */
  entering: string | null
  messages: ChatMessage[]
  /** largest message id the server listed: the `?after=` of the next poll */
  cursor: number
  messagesLoaded: boolean
  participants: Participant[]
}

export const chatState = proxy<ChatState>({
  room: null,
  entering: null,
  messages: [],
  cursor: 0,
  messagesLoaded: false,
  participants: [],
})

const destructive = (title: string, description?: string) =>
  toast({ title, description, variant: 'destructive' })

/** The wallet address, or null after a toast saying it is needed. */
function requireWallet(): string | null {
  if (walletState.status === 'connected' && walletState.walletAddress) {
    return walletState.walletAddress
  }
  destructive('Wallet Required', 'Please connect your wallet first')
  return null
}

/** Polling failures are only logged (§8). */
function logPollFailure(what: string, err: unknown) {
  console.warn(`[chat] ${what} failed:`, err instanceof Error ? err.message : err)
}

/**
 * §4 room entry: a wallet, a balance verified within 30 s (re-verified when older) and access to
 * the room's tier; then messages, participants and registration.
 */
export async function enterRoom(room: Room): Promise<boolean> {
  if (!requireWallet() || chatState.entering) return false
  chatState.entering = room.id
  try {
    try {
      await ensureFreshBalance()
    } catch {
      destructive('Balance Check Failed', 'Could not verify your token balance')
      return false
    }
    if (!hasRoomAccess(room.tier, walletState.accessLevels, walletState.isStaff)) {
      destructive('Access Denied', accessDeniedText(room))
      return false
    }
    Object.assign(chatState, {
      room,
      messages: [],
      cursor: 0,
      messagesLoaded: false,
      participants: [],
    })
    await Promise.all([loadMessages(room.id), loadParticipants(room.id), register(room.id)])
    return chatState.room?.id === room.id
  } finally {
    chatState.entering = null
  }
}

export function exitRoom() {
  Object.assign(chatState, {
    room: null,
    messages: [],
    cursor: 0,
    messagesLoaded: false,
    participants: [],
  })
}

/** Keeps the open room's details (announcement) current from a fresh rooms list. */
export function refreshRoom(rooms: readonly Room[]) {
  const open = chatState.room
  const fresh = open && rooms.find((r) => r.id === open.id)
  if (fresh && JSON.stringify(fresh) !== JSON.stringify(open)) chatState.room = fresh
}

/** First load (latest messages), then every 3 s only the newer ones (`?after=`). */
export async function loadMessages(roomId: string): Promise<void> {
  const first = !chatState.messagesLoaded
  try {
    const fetched = await fetchMessages(roomId, first ? undefined : chatState.cursor)
    if (chatState.room?.id !== roomId) return
    chatState.messages = mergeMessages(chatState.messages, fetched)
    chatState.cursor = nextCursor(chatState.cursor, fetched)
    chatState.messagesLoaded = true
  } catch (err) {
    if (chatState.room?.id !== roomId) return
    if (first && err instanceof HttpError && err.status === 403) {
      // The server disagrees with our cached access (balance changed): back to the room list.
      exitRoom()
      destructive('Access Denied', accessDeniedText(chatRoomOr(roomId)))
      return
    }
    if (first) chatState.messagesLoaded = true
    logPollFailure('message poll', err)
  }
}

function chatRoomOr(roomId: string): Pick<Room, 'name' | 'requiredTokenAmount'> {
  return chatState.room ?? { name: roomId, requiredTokenAmount: 0 }
}

export async function loadParticipants(roomId: string): Promise<void> {
  try {
    const list = await fetchParticipants(roomId)
    if (chatState.room?.id === roomId) chatState.participants = list
  } catch (err) {
    logPollFailure('participants', err)
  }
}

/** Registration (every 10 s): refreshes lastSeen and answers the participants. */
export async function register(roomId: string): Promise<void> {
  const wallet = walletState.walletAddress
  const name = walletState.displayName
  if (!wallet || !name) return
  try {
    const list = await registerParticipant(roomId, wallet, name)
    if (chatState.room?.id === roomId) chatState.participants = list
  } catch (err) {
    logPollFailure('registration', err)
  }
}

/** The name the server holds for this wallet in the open room (the editor reverts to it). */
export function storedName(): string {
  const wallet = walletState.walletAddress
  const me = chatState.participants.find((p) => p.walletAddress === wallet)
  return me?.displayName ?? walletState.displayName ?? ''
}

/**
 * §5 display name: the server may refuse (staff-only names, invalid text); then its error text is
 * shown and the caller reverts to `storedName()`. Resolves true when the name was taken.
 */
export async function renameMe(name: string): Promise<boolean> {
  const wallet = requireWallet()
  const room = chatState.room
  const trimmed = name.trim()
  if (!wallet || !trimmed) return false
  try {
    if (room) {
      const list = await registerParticipant(room.id, wallet, trimmed)
      if (chatState.room?.id === room.id) chatState.participants = list
    }
    setDisplayName(trimmed)
    toast({ title: 'Display Name Updated', description: `You now appear as ${trimmed}` })
    return true
  } catch (err) {
    const text = err instanceof HttpError ? err.serverError : ''
    destructive('Display Name Error', text || 'Failed to update display name')
    return false
  }
}

/**
 * Call 11 with a client id; the caller keeps the id while the text is unchanged, so a resend after
 * a failure cannot post the message twice. Resolves true once the server stored it.
 */
export async function sendMessage(content: string, clientId: string): Promise<boolean> {
  const wallet = requireWallet()
  const room = chatState.room
  const name = walletState.displayName
  if (!wallet || !room || !name || !content.trim()) return false
  try {
    const message = await postMessage(room.id, {
      walletAddress: wallet,
      displayName: name,
      content,
      clientId,
    })
    // Shown at once; the poll cursor does not move, so messages in between still arrive.
    if (chatState.room?.id === room.id) {
      chatState.messages = mergeMessages(chatState.messages, [message])
    }
    return true
  } catch {
    destructive('Error', 'Failed to send message')
    return false
  }
}

/** §4 reaction toggle: removes this wallet's emoji if given, else adds it. */
export async function toggleReaction(message: ChatMessage, emoji: string): Promise<void> {
  const wallet = requireWallet()
  const room = chatState.room
  if (!wallet || !room) return
  const method = reactionMethod(message.reactions, emoji, wallet)
  try {
    const updated = await sendReaction(room.id, message.id, method, wallet, emoji)
    if (chatState.room?.id === room.id) {
      chatState.messages = mergeMessages(chatState.messages, [updated])
    }
  } catch (err) {
    logPollFailure('reaction', err)
  }
}

/** After a shop toggle: this wallet's listed messages and entry show the new badge/title. */
export function showCosmetics(wallet: string, badge: Cosmetic | null, title: Cosmetic | null) {
  chatState.messages = withCosmetics(chatState.messages, wallet, badge, title)
  chatState.participants = chatState.participants.map((p) =>
    p.walletAddress === wallet ? { ...p, badge, title } : p,
  )
}
