import { proxy } from 'valtio'
import { HttpError } from '../../api/http'
import { appQueryClient as qc } from '../../api/queryClient'
import type { ChatMessage, Cosmetic, Participant, Room } from '../../contracts/chat'
import { ensureFreshBalance, setDisplayName, walletState } from '../../state/walletStore'
import { toast } from '../../ui/toastStore'
import { addMessages, cursorOf, setParticipants } from './chatCache'
import {
  accessDeniedText,
  hasRoomAccess,
  reactionMethod,
  refusalText,
  sendFailureText,
  withCosmetics,
} from './chatLogic'
import {
  chatKeys,
  fetchMessages,
  postMessage,
  registerParticipant,
  sendReaction,
  unreadQuery,
  type RoomMessages,
} from './queries'

/**
 * The chat screen's UI state (PRODUCT.md §4 room entry): which room is open, which one is being
 * entered, and whether its push channel is up. The server's data — rooms, messages, participants,
 * purchases — lives in the react-query cache (queries.ts, chatCache.ts), keyed by room, so an
 * answer for a room that is no longer open simply lands in that room's cache entry.
 */
export interface ChatState {
  roomId: string | null
  /** room id being entered (balance check running) */
  entering: string | null
  /** the open room's push channel is connected (polling pauses while it is) */
  live: boolean
  /**
   * the wallet's last-read message in the open room when it was entered: the "New messages"
   * divider stays above the first message after it for the visit (null: not known)
   */
  readFrom: number | null
}

export const chatState = proxy<ChatState>({
  roomId: null,
  entering: null,
  live: false,
  readFrom: null,
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

/** Polling failures are only logged (PRODUCT.md §8). */
export function logPollFailure(what: string, err: unknown) {
  console.warn(`[chat] ${what} failed:`, err instanceof Error ? err.message : err)
}

/**
 * PRODUCT.md §4 room entry: a wallet, a balance verified within 30 s (re-verified when older) and
 * access to the room's tier; then the room opens (its messages and participants load through
 * react-query) and this wallet registers.
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
    // A fresh start: the latest messages and participants, not what an earlier visit left.
    qc.removeQueries({ queryKey: chatKeys.messages(room.id) })
    qc.removeQueries({ queryKey: chatKeys.participants(room.id) })
    const counts = await qc
      .fetchQuery({ ...unreadQuery, staleTime: 0 })
      .catch((err: unknown) => void logPollFailure('unread counts', err))
    const readFrom = counts?.find((r) => r.roomId === room.id)?.lastReadId ?? null
    Object.assign(chatState, { roomId: room.id, live: false, readFrom })
    await register(room.id)
    return chatState.roomId === room.id
  } finally {
    chatState.entering = null
  }
}

export function exitRoom() {
  Object.assign(chatState, { roomId: null, live: false, readFrom: null })
}

/** The server refused the open room (balance dropped below its tier): back to the room list. */
export function accessLost(room: Pick<Room, 'id' | 'name' | 'requiredTokenAmount'>) {
  if (chatState.roomId !== room.id) return
  exitRoom()
  destructive('Access Denied', accessDeniedText(room))
}

/**
 * PRODUCT.md §4 message poll (every 3 s while the push channel is down): the messages after the
 * cursor, and the latest ones again for their reactions (which `?after=` cannot bring; the push
 * would).
 */
export async function pollMessages(roomId: string): Promise<void> {
  const cursor = cursorOf(qc, roomId)
  if (cursor === null) return
  try {
    const [fresh, latest] = await Promise.all([
      fetchMessages(roomId, cursor),
      fetchMessages(roomId),
    ])
    addMessages(qc, roomId, latest, false)
    addMessages(qc, roomId, fresh)
  } catch (err) {
    logPollFailure('message poll', err)
  }
}

/** What one GET …/messages?after= answers at most (the server's poll page). */
const POLL_PAGE = 200
/** Pages a catch-up reads before it leaves the rest to the next one (~10,000 messages). */
const CATCH_UP_PAGES = 50

/**
 * Reads a room's messages after its cursor page by page until a page comes back short: the push
 * stream said `behind` (it replays only two pages). True when it reached the room's newest message.
 */
export async function catchUpMessages(roomId: string): Promise<boolean> {
  for (let page = 0; page < CATCH_UP_PAGES; page++) {
    const cursor = cursorOf(qc, roomId)
    if (cursor === null) return false
    const fresh = await fetchMessages(roomId, cursor)
    addMessages(qc, roomId, fresh)
    if (fresh.length < POLL_PAGE) return true
  }
  return false
}

/** Registration (every 10 s): refreshes lastSeen and answers the participants. */
export async function register(roomId: string): Promise<void> {
  const wallet = walletState.walletAddress
  const name = walletState.displayName
  if (!wallet || !name) return
  try {
    setParticipants(qc, roomId, await registerParticipant(roomId, wallet, name))
  } catch (err) {
    logPollFailure('registration', err)
  }
}

/** The name the server holds for this wallet in the open room (the editor reverts to it). */
export function storedName(): string {
  const wallet = walletState.walletAddress
  const roomId = chatState.roomId
  const list = roomId ? qc.getQueryData<Participant[]>(chatKeys.participants(roomId)) : undefined
  const me = list?.find((p) => p.walletAddress === wallet)
  return me?.displayName ?? walletState.displayName ?? ''
}

/**
 * PRODUCT.md §5 display name: the server may refuse (staff-only names, invalid text); then its
 * error text is shown and the caller reverts to `storedName()`. Resolves true when the name was
 * taken.
 */
export async function renameMe(name: string): Promise<boolean> {
  const wallet = requireWallet()
  const roomId = chatState.roomId
  const trimmed = name.trim()
  if (!wallet || !trimmed) return false
  try {
    if (roomId) setParticipants(qc, roomId, await registerParticipant(roomId, wallet, trimmed))
    setDisplayName(trimmed)
    toast({ title: 'Display Name Updated', description: `You now appear as ${trimmed}` })
    return true
  } catch (err) {
    const text = err instanceof HttpError ? refusalText(err.serverError, err.serverField) : ''
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
  const roomId = chatState.roomId
  const name = walletState.displayName
  if (!wallet || !roomId || !name || !content.trim()) return false
  try {
    const message = await postMessage(roomId, {
      walletAddress: wallet,
      displayName: name,
      content,
      clientId,
    })
    // Shown at once; the cursor does not move, so messages stored in between still arrive.
    addMessages(qc, roomId, [message], false)
    return true
  } catch (err) {
    destructive(
      'Error',
      err instanceof HttpError
        ? sendFailureText(err.status, refusalText(err.serverError, err.serverField), err.retryAfter)
        : sendFailureText(0, null, null),
    )
    return false
  }
}

/** PRODUCT.md §4 reaction toggle: removes this wallet's emoji if given, else adds it. */
export async function toggleReaction(message: ChatMessage, emoji: string): Promise<void> {
  const wallet = requireWallet()
  const roomId = chatState.roomId
  if (!wallet || !roomId) return
  const method = reactionMethod(message.reactions, emoji, wallet)
  try {
    addMessages(qc, roomId, [await sendReaction(roomId, message.id, method, wallet, emoji)], false)
  } catch (err) {
    logPollFailure('reaction', err)
  }
}

/** After a shop toggle: this wallet's listed messages and entry show the new badge/title. */
export function showCosmetics(wallet: string, badge: Cosmetic | null, title: Cosmetic | null) {
  const roomId = chatState.roomId
  if (!roomId) return
  qc.setQueryData<RoomMessages>(chatKeys.messages(roomId), (cur) =>
    cur ? { ...cur, list: withCosmetics(cur.list, wallet, badge, title) } : cur,
  )
  qc.setQueryData<Participant[]>(chatKeys.participants(roomId), (list) =>
    list?.map((p) => (p.walletAddress === wallet ? { ...p, badge, title } : p)),
  )
}
