/** React-query keys and typed fetchers of the chat screen (SPEC §7 calls 7–18, shop items). */
import type { QueryFunctionContext } from '@tanstack/react-query'
import { z } from 'zod'
import { getQueryFn } from '../../api/queryClient'
import {
  MessageSchema,
  ParticipantSchema,
  RoomSchema,
  type ChatMessage,
  type Participant,
  type Room,
} from '../../contracts/chat'
import { PurchaseSchema, ShopItemSchema, type Purchase, type ShopItem } from '../../contracts/shop'
import { walletRequest } from '../../state/walletStore'

/** Keys name the URL (src/api convention: the default query GETs the key's URL). */
export const chatKeys = {
  rooms: ['/api/chat/rooms'] as const,
  shopItems: ['/api/chat/shop/items'] as const,
  purchases: (wallet: string) => ['/api/chat/shop/purchases', wallet] as const,
}

const getJson = getQueryFn<unknown>({ on401: 'throw' })

export const roomsQuery = {
  queryKey: chatKeys.rooms,
  queryFn: async (ctx: QueryFunctionContext): Promise<Room[]> =>
    z.array(RoomSchema).parse(await getJson(ctx)),
}

export const shopItemsQuery = {
  queryKey: chatKeys.shopItems,
  queryFn: async (ctx: QueryFunctionContext): Promise<ShopItem[]> =>
    z.array(ShopItemSchema).parse(await getJson(ctx)),
}

export function purchasesQuery(wallet: string) {
  return {
    queryKey: chatKeys.purchases(wallet),
    queryFn: async (): Promise<Purchase[]> =>
      z
        .array(PurchaseSchema)
        .parse(
          await walletRequest('GET', `/api/chat/shop/purchases/${encodeURIComponent(wallet)}`),
        ),
  }
}

const roomUrl = (roomId: string) => `/api/chat/rooms/${encodeURIComponent(roomId)}`

/** Call 8: the latest messages, or with `after` only the newer ones. */
export async function fetchMessages(roomId: string, after?: number): Promise<ChatMessage[]> {
  const query = after === undefined ? '' : `?after=${after}`
  return z
    .array(MessageSchema)
    .parse(await walletRequest('GET', `${roomUrl(roomId)}/messages${query}`))
}

/** Call 9. */
export async function fetchParticipants(roomId: string): Promise<Participant[]> {
  return z
    .array(ParticipantSchema)
    .parse(await walletRequest('GET', `${roomUrl(roomId)}/participants`))
}

/** Call 10: registers (or renames) and returns the participants. */
export async function registerParticipant(
  roomId: string,
  walletAddress: string,
  displayName: string,
): Promise<Participant[]> {
  return z.array(ParticipantSchema).parse(
    await walletRequest('POST', `${roomUrl(roomId)}/participants`, {
      walletAddress,
      displayName,
    }),
  )
}

/** Call 11. The client id makes a resend after a lost answer idempotent. */
export async function postMessage(
  roomId: string,
  body: { walletAddress: string; displayName: string; content: string; clientId: string },
): Promise<ChatMessage> {
  return MessageSchema.parse(await walletRequest('POST', `${roomUrl(roomId)}/messages`, body))
}

/** Call 15 (POST adds, DELETE removes); answers the message with its reactions. */
export async function sendReaction(
  roomId: string,
  messageId: number,
  method: 'POST' | 'DELETE',
  walletAddress: string,
  emoji: string,
): Promise<ChatMessage> {
  return MessageSchema.parse(
    await walletRequest(method, `${roomUrl(roomId)}/messages/${messageId}/reactions`, {
      walletAddress,
      emoji,
    }),
  )
}

/** Calls 13 and 14 (staff): create (content) or remove (no content) the room's announcement. */
export async function changeAnnouncement(
  roomId: string,
  walletAddress: string,
  content?: string,
): Promise<Room> {
  const body = content === undefined ? { walletAddress } : { walletAddress, content }
  return RoomSchema.parse(
    await walletRequest(
      content === undefined ? 'DELETE' : 'POST',
      `${roomUrl(roomId)}/announcement`,
      body,
    ),
  )
}

/** Call 16. */
export async function purchaseItem(walletAddress: string, itemId: string): Promise<Purchase> {
  return PurchaseSchema.parse(
    await walletRequest('POST', '/api/chat/shop/purchase', { walletAddress, itemId }),
  )
}

/** Call 18. */
export async function setItemActive(
  walletAddress: string,
  itemId: string,
  active: boolean,
): Promise<Purchase> {
  return PurchaseSchema.parse(
    await walletRequest('PATCH', `/api/chat/shop/purchases/${encodeURIComponent(itemId)}`, {
      walletAddress,
      active,
    }),
  )
}

/** A client message id: 8–64 of [A-Za-z0-9_-] (ClientIdSchema). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
