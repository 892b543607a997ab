import styled from 'styled-components'
import type { Cosmetic, Tier } from '../../contracts/chat'
import { safeColor } from './chatLogic'

export const TIER_COLORS: Record<Tier, string> = {
  bronze: '#d98c4a',
  silver: '#c9d3dc',
  gold: '#ffcf40',
  platinum: '#b9a7ff',
}

/** Bronze/Silver/Gold/Platinum label in the tier's colour. */
export const TierBadge = styled.span<{ $tier: Tier }>`
  display: inline-flex;
  align-items: center;
  padding: 1px 7px;
  border-radius: 999px;
  font-size: 10px;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  white-space: nowrap;
  color: ${(p) => TIER_COLORS[p.$tier]};
  border: 1px solid currentColor;
  background: rgba(0, 0, 0, 0.35);
`

/** Text for screen readers only. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`

/** PRODUCT.md §6 staff gradient badge. */
export const StaffBadge = styled.span`
  display: inline-flex;
  align-items: center;
  padding: 1px 7px;
  border-radius: 999px;
  font-size: 10px;
  font-weight: 600;
  letter-spacing: 0.08em;
  color: #03060b;
  background: linear-gradient(90deg, #00f0c8, #4da3ff 50%, #b07cff);
  white-space: nowrap;
`

const Cos = styled.span<{ $color: string | null; $kind: 'badge' | 'title' }>`
  display: inline-flex;
  align-items: center;
  font-size: 10px;
  letter-spacing: 0.06em;
  white-space: nowrap;
  color: ${(p) => p.$color ?? p.theme.color.muted};
  ${(p) =>
    p.$kind === 'badge'
      ? 'padding: 0 6px; border: 1px solid currentColor; border-radius: 3px;'
      : 'font-style: italic;'}
`

const Row = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  min-width: 0;
`
const Name = styled.span<{ $me: boolean }>`
  font-weight: 600;
  color: ${(p) => (p.$me ? p.theme.color.accent : p.theme.color.text)};
  overflow-wrap: anywhere;
`

/** A display name (as text) with the staff badge and the wallet's active shop badge and title. */
export function NameTag({
  name,
  isStaff,
  badge,
  title,
  me = false,
}: {
  name: string
  isStaff: boolean
  badge: Cosmetic | null
  title: Cosmetic | null
  me?: boolean
}) {
  return (
    <Row>
      <Name $me={me}>{name}</Name>
      {isStaff && <StaffBadge>vPOS Team</StaffBadge>}
      {badge && (
        <Cos $kind="badge" $color={safeColor(badge.color)} data-testid="active-badge">
          {badge.display}
        </Cos>
      )}
      {title && (
        <Cos $kind="title" $color={safeColor(title.color)} data-testid="active-title">
          {title.display}
        </Cos>
      )}
    </Row>
  )
}
