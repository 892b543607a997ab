/**
 * Unread counts, mention counts, marking read and room previews on the client (docs/ARCHITECTURE.md
 * "Unread, mentions and previews"). The server owns every number: the counts come from GET /api/chat/unread and
 * its push stream (polled every 10 s while the stream is down), marking read answers the room's new
 * counts.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef, type RefObject } from 'react'
import { request } from '../../api/http'
import { useLiveStream } from '../../api/liveStream'
import { getQueryFn } from '../../api/queryClient'
import { apiPaths } from '../../contracts/apiPaths'
import {
  PreviewSchema,
  RoomUnreadSchema,
  UnreadEventSchema,
  type Preview,
  type RoomUnread,
} from '../../contracts/unread'
import { logPollFailure } from './chatStore'
import { unreadQuery } from './queries'

const UNREAD_POLL_MS = 10_000
/** A reader's first mark goes out this long after what it saw (the newest message seen wins)… */
const MARK_READ_DEBOUNCE_MS = 400
/**
 * …and while messages keep coming, at most this often, plus once more as the reader leaves the
 * room or hides the tab. Every reader of a busy room marking every 400 ms was most of the servers'
 * work in bench:load (500 readers, 40 messages a second: delivery p99 1.3 s); a count on another
 * device a few seconds late costs nobody anything.
 */
const MARK_READ_EVERY_MS = 5_000

function setRoomUnread(qc: QueryClient, counts: RoomUnread) {
  qc.setQueryData<RoomUnread[]>(unreadQuery.queryKey, (list) =>
    list?.map((r) => (r.roomId === counts.roomId ? counts : r)),
  )
}

/** The wallet's counts, kept current by the push stream (or a 10 s poll while it is down). */
export function useUnreadLive(enabled: boolean) {
  const qc = useQueryClient()
  const live = useLiveStream(apiPaths.chat.unreadEvents.url(), enabled, {
    unread: (data) => {
      const parsed = UnreadEventSchema.safeParse(data)
      if (parsed.success) qc.setQueryData(unreadQuery.queryKey, parsed.data.rooms)
    },
  })
  const query = useQuery({
    ...unreadQuery,
    enabled,
    refetchInterval: live ? false : UNREAD_POLL_MS,
  })
  return query.data
}

/** The wallet's counts in one room (undefined before they loaded). */
export function useRoomUnread(roomId: string): RoomUnread | undefined {
  return useQuery({ ...unreadQuery }).data?.find((r) => r.roomId === roomId)
}

/**
 * Marks read as the reader scrolls: every message row (`[data-message-id]`) inside `scroller` that
 * comes into view raises the newest id seen, sent after a short quiet spell; the server never moves
 * the mark backwards, so a late or repeated call is harmless.
 */
export function useMarkReadOnScroll(
  roomId: string,
  wallet: string | null,
  scroller: RefObject<HTMLElement | null>,
  rows: number,
) {
  const qc = useQueryClient()
  const seen = useRef(0)
  const sent = useRef(0)
  const observer = useRef<IntersectionObserver | null>(null)
  useEffect(() => {
    const root = scroller.current
    if (!root || !wallet || typeof IntersectionObserver === 'undefined') return
    let timer: ReturnType<typeof setTimeout> | undefined
    let sentAt = -Infinity
    const flush = (keepalive = false) => {
      timer = undefined
      const upTo = seen.current
      if (upTo <= sent.current) return
      sent.current = upTo
      sentAt = performance.now()
      request('POST', apiPaths.chat.roomRead.url({ id: roomId }), {
        body: { walletAddress: wallet, messageId: upTo },
        parse: RoomUnreadSchema,
        keepalive,
      }).then(
        (counts) => setRoomUnread(qc, counts),
        (err: unknown) => {
          sent.current = 0
          logPollFailure('mark read', err)
        },
      )
    }
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          const id = Number((entry.target as HTMLElement).dataset.messageId)
          if (id > seen.current) seen.current = id
        }
        if (seen.current > sent.current && timer === undefined) {
          const wait = Math.max(
            MARK_READ_DEBOUNCE_MS,
            sentAt + MARK_READ_EVERY_MS - performance.now(),
          )
          timer = setTimeout(flush, wait)
        }
      },
      { root, threshold: 0.5 },
    )
    observer.current = io
    // the last mark before the page may go: the tab hidden, the page closed
    const leave = (e: Event) => {
      if (timer === undefined) return
      if (e.type === 'visibilitychange' && document.visibilityState !== 'hidden') return
      clearTimeout(timer)
      flush(true)
    }
    document.addEventListener('visibilitychange', leave)
    window.addEventListener('pagehide', leave)
    return () => {
      io.disconnect()
      observer.current = null
      document.removeEventListener('visibilitychange', leave)
      window.removeEventListener('pagehide', leave)
      if (timer !== undefined) {
        clearTimeout(timer)
        flush()
      }
    }
  }, [qc, roomId, wallet, scroller])
  // New rows are observed as they render (observing a row twice is a no-op).
  useEffect(() => {
    const root = scroller.current
    const io = observer.current
    if (!root || !io) return
    for (const el of root.querySelectorAll('[data-message-id]')) io.observe(el)
  }, [rows, scroller])
}

/** A room's preview for a wallet below its tier: the last messages, names hidden. */
export function previewQuery(roomId: string) {
  return {
    queryKey: [apiPaths.chat.roomPreview.url({ id: roomId })] as const,
    queryFn: getQueryFn<Preview>(PreviewSchema),
  }
}
