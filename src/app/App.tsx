import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, useCallback, useEffect, useState } from 'react'
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom'
import styled, { ThemeProvider } from 'styled-components'
import { createQueryClient } from '../api/queryClient'
import { startLiveFeed } from '../feed/liveFeed'
import { swarmStoreTarget } from '../feed/storeTarget'
import { SceneSlot, preloadScene } from '../scene/SceneSlot'
import { startSimulation, stopSimulation } from '../state/swarmStore'
import { ErrorBoundary } from '../ui/ErrorBoundary'
import { PageLoading } from '../ui/Page'
import { Toaster } from '../ui/Toaster'
import { BootOverlay } from './BootOverlay'
import { Header } from './Header'
import { NavDrawer } from './NavDrawer'
import { NavRail } from './NavRail'
import { NotFoundPage, ROUTES } from './routes'
import { ScanLine } from './ScanLine'
import { GlobalStyle, theme } from './theme'

const queryClient = createQueryClient()

const Frame = styled.div`
  position: fixed;
  inset: 0;
  display: flex;
  pointer-events: none;
  z-index: ${(p) => p.theme.layer.page};
  & > nav {
    pointer-events: auto;
  }
`
const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  & > header {
    pointer-events: auto;
  }
`
const Main = styled.main`
  position: relative;
  flex: 1;
  min-height: 0;
`

function Shell() {
  const { pathname } = useLocation()
  const [booting, setBooting] = useState(
    () => new URLSearchParams(window.location.search).get('boot') !== '0',
  )
  const endBoot = useCallback(() => setBooting(false), [])
  useEffect(preloadScene, [])
  // The local sim runs behind every route (the scene and the Swarm Core panels read it).
  useEffect(() => {
    startSimulation()
    return stopSimulation
  }, [])
  // The live feed replaces the local sim as the store's writer while connected (?feed=sim: never).
  useEffect(() => startLiveFeed(swarmStoreTarget()).stop, [])
  const isCore = pathname === '/' || pathname === ''

  return (
    <>
      <SceneSlot dimmed={!isCore} />
      <ScanLine />
      <Frame>
        <NavRail />
        <Column>
          <Header left={<NavDrawer />} />
          <Main>
            <ErrorBoundary key={pathname}>
              <Suspense fallback={<PageLoading />}>
                <Routes>
                  {ROUTES.map(({ path, Page }) => (
                    <Route key={path} path={path} element={<Page />} />
                  ))}
                  <Route path="*" element={<NotFoundPage />} />
                </Routes>
              </Suspense>
            </ErrorBoundary>
          </Main>
        </Column>
      </Frame>
      <Toaster />
      {booting && <BootOverlay onDone={endBoot} />}
    </>
  )
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Shell />
        </BrowserRouter>
      </QueryClientProvider>
    </ThemeProvider>
  )
}
