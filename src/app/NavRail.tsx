import { NavLink, useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { APP_VERSION } from '../contracts/constants'
import { Icon } from './icons'
import { NAV_ENTRIES, isCurrent } from './navigation'
import { media } from './theme'

const Rail = styled.nav`
  width: 56px;
  flex: none;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 2px;
  padding: 8px 0;
  border-right: 1px solid ${(p) => p.theme.color.border};
  background: rgba(3, 8, 14, 0.9);
  z-index: ${(p) => p.theme.layer.chrome};
  overflow-y: auto;
  ${media.mobile} {
    display: none;
  }
`
const Item = styled(NavLink)<{ $current: boolean }>`
  position: relative;
  width: 40px;
  height: 36px;
  flex: none;
  display: flex;
  align-items: center;
  justify-content: center;
  border-radius: ${(p) => p.theme.radius};
  color: ${(p) => (p.$current ? p.theme.color.accent : p.theme.color.muted)};
  background: ${(p) => (p.$current ? p.theme.color.accentSoft : 'transparent')};
  box-shadow: ${(p) => (p.$current ? `inset 2px 0 0 ${p.theme.color.accent}` : 'none')};
  &:hover {
    color: ${(p) => p.theme.color.accent};
  }
  &:hover > span,
  &:focus-visible > span {
    opacity: 1;
  }
`
const Tip = styled.span`
  position: absolute;
  left: 48px;
  padding: 3px 8px;
  white-space: nowrap;
  font-size: 11px;
  background: ${(p) => p.theme.color.panelSolid};
  border: 1px solid ${(p) => p.theme.color.border};
  color: ${(p) => p.theme.color.text};
  opacity: 0;
  pointer-events: none;
  transition: opacity 0.12s;
`
const Version = styled.div`
  margin-top: auto;
  padding-top: 8px;
  font-size: 9px;
  color: ${(p) => p.theme.color.muted};
  writing-mode: vertical-rl;
  transform: rotate(180deg);
  letter-spacing: 0.1em;
`

/** Desktop navigation: a narrow icon rail; the current route is highlighted and aria-current. */
export function NavRail() {
  const { pathname } = useLocation()
  return (
    <Rail aria-label="Main navigation">
      {NAV_ENTRIES.map((e) => {
        const current = isCurrent(e, pathname)
        return (
          <Item key={e.path} to={e.path} end $current={current} aria-label={e.label}>
            <Icon name={e.icon} />
            <Tip aria-hidden="true">{e.label}</Tip>
          </Item>
        )
      })}
      <Version>{APP_VERSION}</Version>
    </Rail>
  )
}
