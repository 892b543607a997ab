import * as Dialog from '@radix-ui/react-dialog'
import type { RefObject } from 'react'
import { NavLink, useLocation } from 'react-router-dom'
import styled, { keyframes } from 'styled-components'
import { DrawerOverlay } from '../ui/Drawer'
import { APP_VERSION } from '../contracts/constants'
import { closeOnEscape } from '../ui/Modal'
import { Icon } from '../ui/icons'
import { NAV_ENTRIES, isCurrent } from './navigation'

const slideIn = keyframes`from { transform: translateX(-100%) } to { transform: translateX(0) }`

const Drawer = styled(Dialog.Content)`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  width: min(280px, 82vw);
  display: flex;
  flex-direction: column;
  background: ${(p) => p.theme.color.panelSolid};
  border-right: 1px solid ${(p) => p.theme.color.borderStrong};
  z-index: ${(p) => p.theme.layer.modal + 1};
  animation: ${slideIn} 0.2s ease-out;
  &:focus {
    outline: none;
  }
`
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 12px 14px;
  border-bottom: 1px solid ${(p) => p.theme.color.border};
`
const Title = styled(Dialog.Title)`
  margin: 0;
  font-size: 14px;
  letter-spacing: 0.2em;
  color: ${(p) => p.theme.color.accent};
`
const Links = styled.nav`
  flex: 1;
  overflow-y: auto;
  padding: 6px;
`
const Link = styled(NavLink)<{ $current: boolean }>`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 12px;
  border-radius: ${(p) => p.theme.radius};
  text-decoration: none;
  color: ${(p) => (p.$current ? p.theme.color.accent : p.theme.color.text)};
  background: ${(p) => (p.$current ? p.theme.color.accentSoft : 'transparent')};
`
const Close = styled(Dialog.Close)`
  background: none;
  border: none;
  color: ${(p) => p.theme.color.muted};
  cursor: pointer;
  display: inline-flex;
`
const Version = styled.div`
  padding: 10px 14px;
  border-top: 1px solid ${(p) => p.theme.color.border};
  color: ${(p) => p.theme.color.dim};
  font-size: 11px;
`

/**
 * The mobile drawer itself (Radix Dialog: focus trap, Escape, outside click, scroll lock), with
 * labels; a link closes it. Its own chunk: NavDrawer.tsx loads it on first open (or when idle on a
 * phone), so Radix Dialog is not part of a page's first paint.
 */
export default function NavDrawerPanel({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** the burger that opened it: focus goes back there when the drawer closes */
  returnFocusTo: RefObject<HTMLButtonElement | null>
}) {
  const { pathname } = useLocation()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <DrawerOverlay />
        <Drawer
          id="nav-drawer"
          aria-describedby={undefined}
          onKeyDown={closeOnEscape(onOpenChange)}
          // GOTCHA: the burger is no Dialog.Trigger (it lives outside this lazily loaded chunk),
          // so Radix has no trigger to refocus on close and focus fell to <body>.
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            returnFocusTo.current?.focus()
          }}
        >
          <Head>
            <Title>vPOS</Title>
            <Close aria-label="Close menu">
              <Icon name="close" />
            </Close>
          </Head>
          <Links aria-label="Main navigation">
            {NAV_ENTRIES.map((e) => {
              const current = isCurrent(e, pathname)
              return (
                <Link
                  key={e.path}
                  to={e.path}
                  end
                  $current={current}
                  onClick={() => onOpenChange(false)}
                >
                  <Icon name={e.icon} size={18} />
                  {e.label}
                </Link>
              )
            })}
          </Links>
          <Version>{APP_VERSION}</Version>
        </Drawer>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
