/**
 * React-query keys, queries and typed calls of the chat screen (PRODUCT.md §7 calls 7–18, shop
 * items).
 */
import type { QueryFunctionContext } from '@tanstack/react-query'
import { z } from 'zod'
import { request } from '../../api/http'
import { getQueryFn } from '../../api/queryClient'
import { apiPaths } from '../../contracts/apiPaths'
import {
  MessageSchema,
  ParticipantSchema,
  RoomSchema,
  type ChatMessage,
  type Participant,
  type Room,
} from '../../contracts/chat'
import { UnreadListSchema, type RoomUnread } from '../../contracts/unread'
import { PurchaseSchema, ShopItemSchema, type Purchase, type ShopItem } from '../../contracts/shop'
import { nextCursor } from './chatLogic'

/**
 * A one-part key is its URL (src/api convention: the default query GETs the key's URL). A room's
 * keys nest under the rooms key, so invalidating the rooms reaches them too; their queries fetch
 * their own URL.
 */
export const chatKeys = {
  rooms: [apiPaths.chat.rooms.url()] as const,
  shopItems: [apiPaths.shop.items.url()] as const,
  purchases: (wallet: string) => [apiPaths.shop.purchases.url({ walletAddress: wallet })] as const,
  messages: (roomId: string) => [apiPaths.chat.rooms.url(), roomId, 'messages'] as const,
  participants: (roomId: string) => [apiPaths.chat.rooms.url(), roomId, 'participants'] as const,
  pins: (roomId: string) => [apiPaths.chat.rooms.url(), roomId, 'pins'] as const,
}

export const roomsQuery = {
  queryKey: chatKeys.rooms,
  queryFn: getQueryFn<Room[]>(z.array(RoomSchema)),
}

/** The wallet's unread and mention counts per room it may read (unread.ts keeps them live). */
export const unreadQuery = {
  queryKey: [apiPaths.chat.unread.url()] as const,
  queryFn: getQueryFn<RoomUnread[]>(UnreadListSchema),
}

export const shopItemsQuery = {
  queryKey: chatKeys.shopItems,
  queryFn: getQueryFn<ShopItem[]>(z.array(ShopItemSchema)),
}

export function purchasesQuery(wallet: string) {
  return {
    queryKey: chatKeys.purchases(wallet),
    queryFn: ({ signal }: QueryFunctionContext): Promise<Purchase[]> =>
      request('GET', apiPaths.shop.purchases.url({ walletAddress: wallet }), {
        parse: z.array(PurchaseSchema),
        signal,
      }),
  }
}

const MessagesSchema = z.array(MessageSchema)

/**
 * A room's messages as cached: oldest first, and the `?after=` cursor — the largest id the server
 * listed or pushed (a message we posted ourselves is shown at once but does not move it, so
 * messages stored in between still arrive).
 */
export interface RoomMessages {
  list: ChatMessage[]
  cursor: number
}

/** Call 8 without a cursor: the latest messages, the room's starting point. */
export function messagesQuery(roomId: string) {
  return {
    queryKey: chatKeys.messages(roomId),
    queryFn: async ({ signal }: QueryFunctionContext): Promise<RoomMessages> => {
      const list = await fetchMessages(roomId, undefined, signal)
      return { list, cursor: nextCursor(0, list) }
    },
  }
}

/** Call 8: the latest messages, or with `after` only the newer ones. */
export function fetchMessages(
  roomId: string,
  after?: number,
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  const query = after === undefined ? '' : `?after=${after}`
  const url = apiPaths.chat.roomMessages.url({ id: roomId }) + query
  return request('GET', url, { parse: MessagesSchema, signal })
}

/** Call 9. */
export function participantsQuery(roomId: string) {
  return {
    queryKey: chatKeys.participants(roomId),
    queryFn: ({ signal }: QueryFunctionContext): Promise<Participant[]> =>
      request('GET', apiPaths.chat.roomParticipants.url({ id: roomId }), {
        parse: z.array(ParticipantSchema),
        signal,
      }),
  }
}

/** The room's push channel (Server-Sent Events), resuming after `cursor`. */
export function roomEventsUrl(roomId: string, cursor: number): string {
  return `${apiPaths.chat.roomEvents.url({ id: roomId })}?after=${cursor}`
}

/** Call 10: registers (or renames) and returns the participants. */
export function registerParticipant(
  roomId: string,
  walletAddress: string,
  displayName: string,
): Promise<Participant[]> {
  return request('POST', apiPaths.chat.roomParticipants.url({ id: roomId }), {
    body: { walletAddress, displayName },
    parse: z.array(ParticipantSchema),
  })
}

/** Call 11. The client id makes a resend after a lost answer idempotent. */
export function postMessage(
  roomId: string,
  body: { walletAddress: string; displayName: string; content: string; clientId: string },
): Promise<ChatMessage> {
  return request('POST', apiPaths.chat.roomMessages.url({ id: roomId }), {
    body,
    parse: MessageSchema,
  })
}

/** Call 15 (POST adds, DELETE removes); answers the message with its reactions. */
export function sendReaction(
  roomId: string,
  messageId: number,
  method: 'POST' | 'DELETE',
  walletAddress: string,
  emoji: string,
): Promise<ChatMessage> {
  return request(method, apiPaths.chat.reactions.url({ id: roomId, messageId }), {
    body: { walletAddress, emoji },
    parse: MessageSchema,
  })
}

/** Calls 13 and 14 (staff): create (content) or remove (no content) the room's announcement. */
export function changeAnnouncement(
  roomId: string,
  walletAddress: string,
  content?: string,
): Promise<Room> {
  const body = content === undefined ? { walletAddress } : { walletAddress, content }
  const method = content === undefined ? 'DELETE' : 'POST'
  return request(method, apiPaths.chat.roomAnnouncement.url({ id: roomId }), {
    body,
    parse: RoomSchema,
  })
}

/** Call 16. */
export function purchaseItem(walletAddress: string, itemId: string): Promise<Purchase> {
  return request('POST', apiPaths.shop.purchase.url(), {
    body: { walletAddress, itemId },
    parse: PurchaseSchema,
  })
}

/** Call 18. */
export function setItemActive(
  walletAddress: string,
  itemId: string,
  active: boolean,
): Promise<Purchase> {
  return request('PATCH', apiPaths.shop.purchasedItem.url({ itemId }), {
    body: { walletAddress, active },
    parse: PurchaseSchema,
  })
}

/** A client message id: 8–64 of [A-Za-z0-9_-] (ClientIdSchema). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
