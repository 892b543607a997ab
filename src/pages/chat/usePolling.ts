import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { MESSAGE_POLL_MS, PARTICIPANT_POLL_MS } from './chatLogic'
import { loadMessages, register } from './chatStore'
import { chatKeys } from './queries'

/**
 * §4 while a room is open: messages every 3 s (`?after=` only new ones), registration every 10 s
 * (answers the participants), and the rooms list every 10 s (announcements). A poll never overlaps
 * the previous one of its kind.
 */
export function useRoomPolling(roomId: string | null) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!roomId) return
    const busy = { messages: false, participants: false }
    const run = (kind: keyof typeof busy, task: () => Promise<unknown>) => {
      if (busy[kind]) return
      busy[kind] = true
      void task().finally(() => (busy[kind] = false))
    }
    const messages = setInterval(() => run('messages', () => loadMessages(roomId)), MESSAGE_POLL_MS)
    const participants = setInterval(() => {
      run('participants', () => register(roomId))
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms })
    }, PARTICIPANT_POLL_MS)
    return () => {
      clearInterval(messages)
      clearInterval(participants)
    }
  }, [roomId, queryClient])
}
