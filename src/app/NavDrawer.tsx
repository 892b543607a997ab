import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import { NavLink, useLocation } from 'react-router-dom'
import styled, { keyframes } from 'styled-components'
import { APP_VERSION } from '../contracts/constants'
import { Icon } from './icons'
import { NAV_ENTRIES, isCurrent } from './navigation'
import { media } from './theme'

const slideIn = keyframes`from { transform: translateX(-100%) } to { transform: translateX(0) }`

const Burger = styled.button`
  display: none;
  background: none;
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  color: ${(p) => p.theme.color.accent};
  width: 34px;
  height: 30px;
  padding: 0;
  align-items: center;
  justify-content: center;
  cursor: pointer;
  ${media.mobile} {
    display: inline-flex;
  }
`
const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(0, 0, 0, 0.6);
  z-index: ${(p) => p.theme.layer.modal};
`
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

/** Mobile navigation: a burger button opening a slide-in drawer with labels; a link closes it. */
export function NavDrawer() {
  const [open, setOpen] = useState(false)
  const { pathname } = useLocation()
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Burger aria-label="Open menu">
          <Icon name="menu" />
        </Burger>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Overlay />
        <Drawer aria-describedby={undefined}>
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
                  onClick={() => setOpen(false)}
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
