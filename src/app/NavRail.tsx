import { useState, type FocusEvent, type MouseEvent } from 'react'
import { NavLink, useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { APP_VERSION } from '../contracts/constants'
import { ownLayer } from '../ui/glass'
import { Icon } from '../ui/icons'
import { NAV_ENTRIES, isCurrent } from './navigation'
import { media } from '../ui/theme'

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
  ${ownLayer}
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
`
/* GOTCHA: the rail scrolls (overflow-y), which clips anything positioned beside it; the tooltip is
   position: fixed at the hovered or focused item's height instead, so it shows outside the rail. It
   is the rail's sibling, not its child: on software WebGL the rail is a layer of its own
   (will-change), which would place a fixed child inside the rail and clip it. */
const Tip = styled.div`
  position: fixed;
  left: 62px;
  transform: translateY(-50%);
  padding: 4px 10px;
  white-space: nowrap;
  font-size: 11px;
  background: ${(p) => p.theme.color.panelSolid};
  border: 1px solid ${(p) => p.theme.color.border};
  color: ${(p) => p.theme.color.text};
  border-radius: ${(p) => p.theme.radius};
  pointer-events: none;
  z-index: ${(p) => p.theme.layer.overlay};
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
  const [tip, setTip] = useState<{ label: string; top: number } | null>(null)
  const show = (label: string) => (e: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect()
    setTip({ label, top: r.top + r.height / 2 })
  }
  const hide = () => setTip(null)
  return (
    <>
      <Rail aria-label="Main navigation">
        {NAV_ENTRIES.map((e) => {
          const current = isCurrent(e, pathname)
          return (
            <Item
              key={e.path}
              to={e.path}
              end
              $current={current}
              aria-label={e.label}
              onMouseEnter={show(e.label)}
              onFocus={show(e.label)}
              onMouseLeave={hide}
              onBlur={hide}
              onClick={hide}
            >
              <Icon name={e.icon} />
            </Item>
          )
        })}
        <Version>{APP_VERSION}</Version>
      </Rail>
      {tip && (
        <Tip role="tooltip" data-testid="rail-tooltip" style={{ top: tip.top }}>
          {tip.label}
        </Tip>
      )}
    </>
  )
}
