/**
 * Every HTTP path of the API (and the live feed's socket), in one place for both sides: the server
 * registers `apiPaths.chat.roomMessages.pattern` ('/api/chat/rooms/:id/messages'), the client
 * fetches `apiPaths.chat.roomMessages.url({ id })` ('/api/chat/rooms/general/messages'). Both come
 * from the one pattern, so a path cannot drift between fetcher and route. Query strings are the
 * caller's. The methods and bodies are in the feature's contract module (chat.ts, shop.ts…).
 */

/** The `:name` parameters of a Fastify pattern, as a union of names. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** One route's path: the pattern the server registers and the URL the client requests. */
export interface ApiPath<P extends string> {
  /** the Fastify route pattern, `:name` for each parameter */
  readonly pattern: P
  /** the concrete path: each `:name` replaced by its value, percent-encoded */
  readonly url: [PathParams<P>] extends [never]
    ? () => string
    : (params: Record<PathParams<P>, string | number>) => string
}

const PARAM = /:([A-Za-z_]\w*)/g

/** An API path from its Fastify pattern. */
export function apiPath<const P extends string>(pattern: P): ApiPath<P> {
  const url = (params: Record<string, string | number> = {}): string =>
    pattern.replace(PARAM, (_, name: string) => {
      const value = params[name]
      if (value === undefined) throw new Error(`${pattern}: no value for :${name}`)
      return encodeURIComponent(String(value))
    })
  return { pattern, url } as ApiPath<P>
}

/** The prefix of every JSON route (no-store caching, no SPA fallback). */
export const API_PREFIX = '/api'

const ROOM = `${API_PREFIX}/chat/rooms/:id` as const
const SHOP = `${API_PREFIX}/chat/shop` as const

export const apiPaths = {
  auth: {
    config: apiPath(`${API_PREFIX}/auth/config`),
    nonce: apiPath(`${API_PREFIX}/auth/nonce`),
    signIn: apiPath(`${API_PREFIX}/auth/sign-in`),
    session: apiPath(`${API_PREFIX}/auth/session`),
    signOut: apiPath(`${API_PREFIX}/auth/sign-out`),
    signOutEverywhere: apiPath(`${API_PREFIX}/auth/sign-out-everywhere`),
    deviceRequest: apiPath(`${API_PREFIX}/auth/device`),
    devicePoll: apiPath(`${API_PREFIX}/auth/device/poll`),
    deviceFields: apiPath(`${API_PREFIX}/auth/device/:code`),
    deviceApprove: apiPath(`${API_PREFIX}/auth/device/:code/approve`),
  },
  chat: {
    rooms: apiPath(`${API_PREFIX}/chat/rooms`),
    verifyTokenBalance: apiPath(`${API_PREFIX}/chat/verify-token-balance`),
    roomMessages: apiPath(`${ROOM}/messages`),
    roomParticipants: apiPath(`${ROOM}/participants`),
    roomAnnouncement: apiPath(`${ROOM}/announcement`),
    roomEvents: apiPath(`${ROOM}/events`),
    reactions: apiPath(`${ROOM}/messages/:messageId/reactions`),
    /** moderation (staff; report: any reader) */
    messageHide: apiPath(`${ROOM}/messages/:messageId/hide`),
    messageRestore: apiPath(`${ROOM}/messages/:messageId/restore`),
    messagePin: apiPath(`${ROOM}/messages/:messageId/pin`),
    messageReport: apiPath(`${ROOM}/messages/:messageId/report`),
    roomPins: apiPath(`${ROOM}/pins`),
    roomMutes: apiPath(`${ROOM}/mutes`),
    roomMute: apiPath(`${ROOM}/mutes/:target`),
    roomSlowMode: apiPath(`${ROOM}/slow-mode`),
    /** unread, mentions and previews */
    unread: apiPath(`${API_PREFIX}/chat/unread`),
    unreadEvents: apiPath(`${API_PREFIX}/chat/unread/events`),
    roomRead: apiPath(`${ROOM}/read`),
    roomPreviews: apiPath(`${ROOM}/previews`),
    roomPreview: apiPath(`${ROOM}/preview`),
    moderation: apiPath(`${API_PREFIX}/chat/moderation`),
    moderationEvents: apiPath(`${API_PREFIX}/chat/moderation/events`),
    reportDismiss: apiPath(`${API_PREFIX}/chat/moderation/reports/:reportId/dismiss`),
  },
  shop: {
    items: apiPath(`${SHOP}/items`),
    purchase: apiPath(`${SHOP}/purchase`),
    /** GET: a wallet's purchases */
    purchases: apiPath(`${SHOP}/purchases/:walletAddress`),
    /** PATCH: (de)activate one purchased item */
    purchasedItem: apiPath(`${SHOP}/purchases/:itemId`),
  },
  whitelist: {
    check: apiPath(`${API_PREFIX}/whitelist/check`),
  },
  market: {
    token: apiPath(`${API_PREFIX}/market/token`),
    treasury: apiPath(`${API_PREFIX}/treasury`),
  },
  mcp: {
    sse: apiPath(`${API_PREFIX}/mcp/sse`),
  },
  history: {
    /** GET: what is recorded (src/contracts/history.ts) */
    info: apiPath(`${API_PREFIX}/history`),
    /** GET ?at=&after=: the recorded feed frames around a moment */
    frames: apiPath(`${API_PREFIX}/history/frames`),
  },
  health: apiPath(`${API_PREFIX}/health`),
  /** the live feed's WebSocket (outside /api: PRODUCT.md §7.1) */
  feed: apiPath('/ws'),
} as const
