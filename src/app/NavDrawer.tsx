import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { preloadAfterFirstScreen } from '../scene/contentShown'
import { Icon } from '../ui/icons'
import { media, theme } from '../ui/theme'

const loadPanel = () => import('./NavDrawerPanel')
const NavDrawerPanel = lazy(loadPanel)

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

/**
 * Mobile navigation: a burger button opening a slide-in drawer with labels (NavDrawerPanel.tsx).
 * The drawer's code loads on the first open, or earlier on a phone-sized screen, once the first
 * screen is shown and the browser is idle, so a tap rarely waits for it.
 */
export function NavDrawer() {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const burger = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!window.matchMedia(`(max-width: ${theme.breakpoint.mobile - 1}px)`).matches) return
    return preloadAfterFirstScreen(() => void loadPanel(), 1500)
  }, [])
  return (
    <>
      <Burger
        ref={burger}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'nav-drawer' : undefined}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        <Icon name="menu" />
      </Burger>
      {used && (
        <Suspense fallback={null}>
          <NavDrawerPanel open={open} onOpenChange={setOpen} returnFocusTo={burger} />
        </Suspense>
      )}
    </>
  )
}
