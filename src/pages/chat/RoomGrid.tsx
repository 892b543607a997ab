import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import type { Room } from '../../contracts/chat'
import { walletState } from '../../state/walletStore'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { PanelFrame } from '../../ui/Panel'
import { formatAmount, hasRoomAccess, noRoomHint, vposShort } from './chatLogic'
import { TIER_COLORS, TierBadge, VisuallyHidden } from './bits'
import { chatState } from './chatStore'
import { RoomPreview, UnreadBadges } from './RoomExtras'
import { stackList } from '../../ui/stackList'

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(250px, 1fr));
  gap: 12px;
`
const Card = styled(PanelFrame).attrs({ as: 'article' })<{ $tier: Room['tier']; $open: boolean }>`
  height: 100%;
  padding: 14px;
  display: flex;
  flex-direction: column;
  gap: 10px;
  border-top: 2px ${(p) => (p.$open ? 'solid' : 'dashed')} ${(p) => TIER_COLORS[p.$tier]};
  /* Closed rooms recede by background, not opacity, so their text keeps its contrast. */
  background: ${(p) => (p.$open ? p.theme.color.panel : 'rgba(3, 8, 14, 0.92)')};
`
const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`
const Name = styled.h3`
  margin: 0;
  font-size: 14px;
  color: ${(p) => p.theme.color.text};
`
const Description = styled.p`
  margin: 0;
  flex: 1;
  color: ${(p) => p.theme.color.muted};
  font-size: 12px;
`
const Foot = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  flex-wrap: wrap;
  font-size: 12px;
`
const Need = styled.span`
  color: ${(p) => p.theme.color.muted};
  strong {
    color: ${(p) => p.theme.color.text};
    font-weight: 600;
  }
`

const Short = styled.p`
  margin: 0;
  font-size: 12px;
  color: ${(p) => p.theme.color.amber};
`
const Hint = styled.p`
  margin: 0 0 12px;
  color: ${(p) => p.theme.color.amber};
  max-width: 720px;
`

/**
 * PRODUCT.md §2 room-select screen: name, tier badge, description, required amount, 'Access' / 'No
 * Access', and an Enter button disabled without tier access. A closed room says how many more vPOS
 * it needs; when none opens, one line over the grid says what to do.
 */
export function RoomGrid({
  rooms,
  onEnter,
}: {
  rooms: readonly Room[]
  onEnter: (r: Room) => void
}) {
  const { accessLevels, isStaff, balance } = useSnapshot(walletState)
  const { entering } = useSnapshot(chatState)
  const hint = noRoomHint(balance, rooms, accessLevels, isStaff)
  return (
    <>
      {hint && <Hint data-testid="no-room-hint">{hint}</Hint>}
      <Grid aria-label="Chat rooms">
        {rooms.map((room) => {
          const open = hasRoomAccess(room.tier, accessLevels, isStaff)
          const short = open ? 0 : vposShort(balance, room.requiredTokenAmount)
          return (
            <li key={room.id}>
              <Card $tier={room.tier} $open={open} aria-labelledby={`room-${room.id}`}>
                <Top>
                  <Name id={`room-${room.id}`}>{room.name}</Name>
                  {open && <UnreadBadges roomId={room.id} />}
                  <TierBadge $tier={room.tier}>{room.tier}</TierBadge>
                </Top>
                <Description>{room.description}</Description>
                <Foot>
                  <Need>
                    Requires <strong>{formatAmount(room.requiredTokenAmount)} vPOS</strong>
                  </Need>
                  <Badge $tone={open ? 'green' : 'red'}>{open ? 'Access' : 'No Access'}</Badge>
                </Foot>
                {short > 0 && <Short>Needs {formatAmount(short)} more vPOS</Short>}
                {!open && room.previews && <RoomPreview roomId={room.id} name={room.name} />}
                <Button
                  disabled={!open || entering !== null}
                  aria-busy={entering === room.id}
                  onClick={() => onEnter(room)}
                >
                  {entering === room.id ? 'Entering...' : 'Enter'}
                  <VisuallyHidden> {room.name}</VisuallyHidden>
                </Button>
              </Card>
            </li>
          )
        })}
      </Grid>
    </>
  )
}

const List = styled.ul`
  ${stackList(4)}
`
const Item = styled.button<{ $current: boolean }>`
  width: 100%;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 8px 10px;
  text-align: left;
  border-radius: ${(p) => p.theme.radius};
  border: 1px solid ${(p) => (p.$current ? p.theme.color.borderStrong : 'transparent')};
  background: ${(p) => (p.$current ? p.theme.color.accentSoft : 'transparent')};
  color: ${(p) => p.theme.color.text};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: rgba(0, 240, 200, 0.08);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`

/** The compact room switcher beside an open room (and in the mobile Menu's Rooms tab). */
export function RoomList({
  rooms,
  onEnter,
}: {
  rooms: readonly Room[]
  onEnter: (r: Room) => void
}) {
  const { accessLevels, isStaff } = useSnapshot(walletState)
  const { roomId: current, entering } = useSnapshot(chatState)
  return (
    <List aria-label="Rooms">
      {rooms.map((room) => {
        const open = hasRoomAccess(room.tier, accessLevels, isStaff)
        const here = current === room.id
        return (
          <li key={room.id}>
            <Item
              $current={here}
              aria-current={here ? 'true' : undefined}
              disabled={!open || entering !== null}
              onClick={() => !here && onEnter(room)}
            >
              <span>{room.name}</span>
              {open && !here && <UnreadBadges roomId={room.id} />}
              <TierBadge $tier={room.tier}>{room.tier}</TierBadge>
            </Item>
          </li>
        )
      })}
    </List>
  )
}
