import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { ONLINE_WINDOW_MS } from '../../contracts/chat'
import { walletState } from '../../state/walletStore'
import { lastSeenText } from './chatLogic'
import { useRoomParticipants } from './useRoom'
import { NameTag } from './bits'
import { useNow } from '../../ui/useNow'
import { stackList } from '../../ui/stackList'

const List = styled.ul`
  ${stackList(8)}
`
const Row = styled.li`
  display: flex;
  gap: 8px;
  align-items: flex-start;
`
const Dot = styled.span<{ $on: boolean }>`
  flex: none;
  width: 7px;
  height: 7px;
  margin-top: 6px;
  border-radius: 50%;
  background: ${(p) => (p.$on ? p.theme.color.green : p.theme.color.dim)};
  box-shadow: ${(p) => (p.$on ? '0 0 6px rgba(57, 255, 136, 0.6)' : 'none')};
`
const Seen = styled.div`
  font-size: 11px;
  color: ${(p) => p.theme.color.muted};
`
const Empty = styled.p`
  margin: 0;
  color: ${(p) => p.theme.color.muted};
`

/** Participants of the open room, most recently seen first, each with 'Last seen'. */
export function ParticipantsList({ roomId }: { roomId: string }) {
  const participants = useRoomParticipants(roomId).data ?? []
  const { walletAddress } = useSnapshot(walletState)
  const now = useNow(10_000, true)
  if (participants.length === 0) return <Empty>No one here yet.</Empty>
  return (
    <List aria-label="Participants">
      {participants.map((p) => {
        const online = now - Date.parse(p.lastSeen) <= ONLINE_WINDOW_MS
        return (
          <Row key={p.walletAddress}>
            <Dot $on={online} aria-hidden />
            <div>
              <NameTag
                name={p.displayName}
                isStaff={p.isStaff}
                badge={p.badge}
                title={p.title}
                me={p.walletAddress === walletAddress}
              />
              <Seen>
                {online ? 'Online · ' : ''}Last seen{' '}
                <time dateTime={p.lastSeen}>{lastSeenText(p.lastSeen, now)}</time>
              </Seen>
            </div>
          </Row>
        )
      })}
    </List>
  )
}
