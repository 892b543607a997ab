import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Room } from '../../contracts/chat'
import { ErrorText, LoadingText } from '../../ui/Page'
import { Panel } from '../../ui/Panel'
import { toast } from '../../ui/toastStore'
import { ChatHeader } from './ChatHeader'
import { enterRoom } from './chatStore'
import { roomsQuery } from './queries'
import { RoomGrid } from './RoomGrid'
import { RoomView } from './RoomView'
import { useOpenRoom } from './useRoom'
import { useUnreadLive } from './unread'

/**
 * /chat signed in (PRODUCT.md §4): the wallet's header, the tiered rooms and the open room, with the
 * unread stream. Its own chunk: a visitor who is not signed in never draws any of it, so the page's
 * first screen does not wait for it (docs/ARCHITECTURE.md, "First load"); Page.tsx starts loading
 * it once the page is idle.
 */
export default function ConnectedChat() {
  const room = useOpenRoom()
  const rooms = useQuery(roomsQuery)
  useUnreadLive(true)

  useEffect(() => {
    if (rooms.isError) {
      toast({ title: 'Error', description: 'Failed to load chat rooms', variant: 'destructive' })
    }
  }, [rooms.isError])

  const enter = (r: Room) => void enterRoom(r)
  const list = rooms.data ?? []

  return (
    <>
      <ChatHeader />
      {!room && (
        <Panel title="Rooms">
          {rooms.isPending && <LoadingText role="status">Loading rooms...</LoadingText>}
          {rooms.isError && <ErrorText role="alert">Failed to load chat rooms</ErrorText>}
          {rooms.data && <RoomGrid rooms={list} onEnter={enter} />}
        </Panel>
      )}
      {room && <RoomView room={room} rooms={list} onEnter={enter} />}
    </>
  )
}
