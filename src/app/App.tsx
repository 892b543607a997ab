import { Suspense, useCallback, useEffect, useState } from 'react'
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom'
import styled, { ThemeProvider } from 'styled-components'
import { startLiveFeed } from '../feed/liveFeed'
import { LiveFeedSource } from '../state/sources/liveSource'
import { SceneSlot } from '../scene/SceneSlot'
import {
  attachLiveFeed,
  startSimulation,
  stopSimulation,
  type SwarmStore,
} from '../state/swarmStore'
import { SwarmStoreProvider, useSwarmStore } from '../state/swarmStoreContext'
import { ErrorBoundary } from '../ui/ErrorBoundary'
import { PageLoading } from '../ui/Page'
import { Toaster } from '../ui/Toaster'
import { BootOverlay } from './BootOverlay'
import { Header } from './Header'
import { NavDrawer } from './NavDrawer'
import { documentTitle } from './navigation'
import { NavRail } from './NavRail'
import { NotFoundPage, ROUTES } from './routes'
import { ScanLine } from './ScanLine'
import { useSceneStart } from './sceneStart'
import { GlobalStyle, theme } from '../ui/theme'

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
  &:focus {
    outline: none;
  }
`
/* The first stop of the Tab key: past the canvas and the navigation to the page's own content. */
const SkipLink = styled.a`
  position: fixed;
  left: 8px;
  top: 8px;
  z-index: ${(p) => p.theme.layer.boot + 1};
  padding: 8px 14px;
  background: ${(p) => p.theme.color.panelSolid};
  border: 1px solid ${(p) => p.theme.color.accent};
  border-radius: ${(p) => p.theme.radius};
  color: ${(p) => p.theme.color.accent};
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`

/** Committed with the route's content (the same Suspense boundary): the page is on screen. */
function PageShown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown])
  return null
}

function Shell() {
  const { pathname } = useLocation()
  const [booting, setBooting] = useState(
    () => new URLSearchParams(window.location.search).get('boot') !== '0',
  )
  const endBoot = useCallback(() => setBooting(false), [])
  const store = useSwarmStore()
  const isCore = pathname === '/' || pathname === ''
  const scene = useSceneStart(isCore)
  // The local sim runs behind every route (the scene and the Swarm Core panels read it). On Swarm
  // Core it starts at once (the panels show it); behind a dashboard with the scene, once the
  // route's content is painted and the page has settled (its worker, its first frames and the
  // frame loop were a third of a phone's main-thread work before that): until then the store
  // shows the swarm it seeded itself.
  useEffect(() => {
    if (!scene.writers) return
    startSimulation(store)
    return () => stopSimulation(store)
  }, [store, scene.writers])
  // The live feed replaces the local sim as the store's writer while connected (?feed=sim: never);
  // it connects with the scene too (its frames' decoding and link search were the rest).
  useEffect(() => {
    if (!scene.writers) return
    const { sim } = store.runtime
    const live: LiveFeedSource = new LiveFeedSource({
      seed: sim.seed,
      world: sim.world,
      // behind (live history) its console lines are kept for Go live (historyStore.ts)
      isShown: () => store.runtime.source === live || store.swarm.history.active,
      isPaused: () => store.swarm.paused,
    })
    const detach = attachLiveFeed(store, live)
    const feed = startLiveFeed(live)
    return () => {
      feed.stop()
      detach()
    }
  }, [store, scene.writers])
  useEffect(() => {
    document.title = documentTitle(pathname)
  }, [pathname])
  // On Swarm Core the GPU scout goes out at once (a 1 KB worker): the scene's chunk waits for the
  // panels' paint, its wait for a quiet GPU need not (src/scene/gpuWarmup.ts, startGpuScout).
  useEffect(() => {
    if (isCore) void import('../scene/gpuWarmup').then((m) => m.startGpuScout())
  }, [isCore])

  return (
    <>
      <SkipLink
        href="#main"
        onClick={(e) => {
          e.preventDefault()
          document.getElementById('main')?.focus()
        }}
      >
        Skip to content
      </SkipLink>
      <SceneSlot dimmed={!isCore} started={scene.started} />
      <ScanLine />
      <Frame>
        <NavRail />
        <Column>
          <Header left={<NavDrawer />} />
          <Main id="main" tabIndex={-1}>
            <ErrorBoundary key={pathname}>
              <Suspense fallback={<PageLoading />}>
                <Routes>
                  {ROUTES.map(({ path, Page }) => (
                    <Route key={path} path={path} element={<Page />} />
                  ))}
                  <Route path="*" element={<NotFoundPage />} />
                </Routes>
                <PageShown onShown={scene.pageShown} />
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

/** The app around the swarm store it is given (src/main.tsx builds it). */
export function App({ store }: { store: SwarmStore }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <SwarmStoreProvider value={store}>
        <BrowserRouter>
          <Shell />
        </BrowserRouter>
      </SwarmStoreProvider>
    </ThemeProvider>
  )
}
