/**
 * The open room's server state and how it stays current: the push channel (SSE) writes into the
 * react-query cache; while it is down the polling of PRODUCT.md §4 runs instead (messages every 3 s
 * by the `?after=` cursor, the rooms list for announcements every 10 s), and a reconnect resumes
 * from the cursor. Registration (the "I'm here" heartbeat, which answers the participants) runs
 * every 10 s either way.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { HttpError } from '../../api/http'
import { ChatPushEventSchema, type Room } from '../../contracts/chat'
import { backoffDelay } from '../../contracts/reconnect'
import { sessionExpired } from '../../state/walletStore'
import { applyPush, cursorOf } from './chatCache'
import { MESSAGE_POLL_MS, PARTICIPANT_POLL_MS } from './chatLogic'
import {
  accessLost,
  catchUpMessages,
  chatState,
  logPollFailure,
  pollMessages,
  register,
} from './chatStore'
import { chatKeys, messagesQuery, participantsQuery, roomEventsUrl, roomsQuery } from './queries'

const PUSH_EVENTS = [
  'message',
  'reactions',
  'participant',
  'room',
  'hidden',
  'restored',
  'pins',
  'denied',
  'behind',
] as const

/** The open room from the rooms list (its announcement stays current there), or null. */
export function useOpenRoom(): Room | null {
  const { roomId } = useSnapshot(chatState)
  const rooms = useQuery({ ...roomsQuery, enabled: roomId !== null })
  return rooms.data?.find((r) => r.id === roomId) ?? null
}

export function useRoomMessages(roomId: string) {
  return useQuery(messagesQuery(roomId))
}

export function useRoomParticipants(roomId: string) {
  return useQuery(participantsQuery(roomId))
}

/** Keeps `room` current while it is open: push channel, polling fallback, registration. */
// eslint-disable-next-line max-lines-per-function -- 85 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function useRoomLive(room: Room) {
  const qc = useQueryClient()
  const roomId = room.id
  const messages = useRoomMessages(roomId)
  const loaded = messages.data !== undefined
  const { live } = useSnapshot(chatState)
  // The latest room details for messages, without reopening the stream when they change.
  const roomRef = useRef(room)
  useEffect(() => {
    roomRef.current = room
  }, [room])

  // The server refused the first load (the balance fell below the tier since it was checked).
  const refused = messages.error instanceof HttpError && messages.error.status === 403
  useEffect(() => {
    if (refused) accessLost(room)
  }, [refused, room])

  // Push channel: opened once the first load gave a cursor; on any error closed, polled meanwhile,
  // and reopened from the cursor. A reopen also refetches the latest messages (reaction changes
  // made while it was down) and the participants.
  useEffect(() => {
    if (!loaded || typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let retry: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let reopened = false
    let stopped = false
    const connect = () => {
      const cursor = cursorOf(qc, roomId)
      if (stopped || cursor === null) return
      const es = new EventSource(roomEventsUrl(roomId, cursor))
      source = es
      es.onopen = () => {
        failures = 0
        chatState.live = chatState.roomId === roomId
        if (reopened) {
          void qc.invalidateQueries({ queryKey: chatKeys.messages(roomId) })
          void qc.invalidateQueries({ queryKey: chatKeys.participants(roomId) })
          void qc.invalidateQueries({ queryKey: chatKeys.rooms })
        }
        reopened = true
      }
      for (const type of PUSH_EVENTS) {
        es.addEventListener(type, (e) => {
          const parsed = ChatPushEventSchema.safeParse(JSON.parse((e as MessageEvent<string>).data))
          if (!parsed.success) return logPollFailure('push event', parsed.error)
          const event = parsed.data
          if (event.type === 'behind') return resume(es)
          if (event.type !== 'denied') return applyPush(qc, roomId, event)
          stop()
          if (event.status === 401) sessionExpired()
          else accessLost(roomRef.current)
        })
      }
      es.onerror = () => {
        es.close()
        if (stopped) return
        chatState.live = false
        const delay = backoffDelay(++failures)
        retry = setTimeout(connect, delay)
      }
    }
    // The stream replayed two pages and ended: the rest comes through REST, then the stream
    // reopens from the new cursor (a failure to page counts as a failed connection).
    const resume = (es: EventSource) => {
      es.close()
      catchUpMessages(roomId).then(
        () => {
          if (!stopped) connect()
        },
        (err: unknown) => {
          logPollFailure('catch-up', err)
          es.onerror?.(new Event('error'))
        },
      )
    }
    const stop = () => {
      stopped = true
      clearTimeout(retry)
      source?.close()
      chatState.live = false
    }
    connect()
    return stop
  }, [loaded, qc, roomId])

  // PRODUCT.md §4 polling while the push channel is down; registration (the heartbeat) always.
  useRepeat(() => pollMessages(roomId), MESSAGE_POLL_MS, loaded && !live)
  useRepeat(
    async () => void qc.invalidateQueries({ queryKey: chatKeys.rooms }),
    PARTICIPANT_POLL_MS,
    loaded && !live,
  )
  useRepeat(() => register(roomId), PARTICIPANT_POLL_MS, true)
}

/** Runs `task` every `ms` while `enabled`; a run never overlaps the previous one. */
function useRepeat(task: () => Promise<void>, ms: number, enabled: boolean) {
  const latest = useRef(task)
  useEffect(() => {
    latest.current = task
  }, [task])
  useEffect(() => {
    if (!enabled) return
    let busy = false
    const timer = setInterval(() => {
      if (busy) return
      busy = true
      void latest.current().finally(() => (busy = false))
    }, ms)
    return () => clearInterval(timer)
  }, [ms, enabled])
}
