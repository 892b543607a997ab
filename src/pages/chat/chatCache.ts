/**
 * Writers of the chat's server state in the react-query cache: poll answers, our own posts and the
 * push channel's events all land here, merged by id, so one room has one copy of every message.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { ChatMessage, ChatPushEvent, Participant, Room } from '../../contracts/chat'
import { mergeMessages, nextCursor, upsertParticipant } from './chatLogic'
import { walletState } from '../../state/walletStore'
import { chatKeys, type RoomMessages } from './queries'

/**
 * Adds messages to a loaded room (a room not loaded yet is left to its first fetch). New messages
 * the server listed or pushed move the cursor; our own post and a reaction change do not.
 */
export function addMessages(
  qc: QueryClient,
  roomId: string,
  incoming: readonly ChatMessage[],
  moveCursor = true,
) {
  qc.setQueryData<RoomMessages>(chatKeys.messages(roomId), (cur) =>
    cur && incoming.length > 0
      ? {
          list: mergeMessages(cur.list, incoming),
          cursor: moveCursor ? nextCursor(cur.cursor, incoming) : cur.cursor,
        }
      : cur,
  )
}

/** The cursor of a loaded room, or null before its first fetch answered. */
export function cursorOf(qc: QueryClient, roomId: string): number | null {
  return qc.getQueryData<RoomMessages>(chatKeys.messages(roomId))?.cursor ?? null
}

export function setParticipants(qc: QueryClient, roomId: string, list: Participant[]) {
  qc.setQueryData<Participant[]>(chatKeys.participants(roomId), list)
}

/** A room's new details (its announcement) in the rooms list. */
export function replaceRoom(qc: QueryClient, room: Room) {
  qc.setQueryData<Room[]>(chatKeys.rooms, (rooms) =>
    rooms?.map((r) => (r.id === room.id ? room : r)),
  )
}

/** One push event into the cache; `denied` is the caller's to handle. */
export function applyPush(qc: QueryClient, roomId: string, event: ChatPushEvent) {
  switch (event.type) {
    case 'message':
    case 'reactions':
      addMessages(qc, roomId, [event.message], event.type === 'message')
      break
    case 'participant':
      qc.setQueryData<Participant[]>(chatKeys.participants(roomId), (list) =>
        list ? upsertParticipant(list, event.participant) : list,
      )
      break
    case 'room':
      replaceRoom(qc, event.room)
      break
    case 'hidden':
      applyHidden(qc, roomId, event.messageId)
      break
    case 'restored':
      addMessages(qc, roomId, [event.message], false)
      break
    case 'pins':
      qc.setQueryData<ChatMessage[]>(chatKeys.pins(roomId), event.pins)
      break
    case 'denied':
      break
  }
}

/** A `hidden` push: staff keep the message, marked; everyone else drops it. */
function applyHidden(qc: QueryClient, roomId: string, messageId: number) {
  qc.setQueryData<RoomMessages>(chatKeys.messages(roomId), (cur) =>
    cur
      ? {
          ...cur,
          list: walletState.isStaff
            ? cur.list.map((m) => (m.id === messageId ? { ...m, hidden: true } : m))
            : cur.list.filter((m) => m.id !== messageId),
        }
      : cur,
  )
  qc.setQueryData<ChatMessage[]>(chatKeys.pins(roomId), (pins) =>
    pins?.filter((m) => m.id !== messageId),
  )
}
