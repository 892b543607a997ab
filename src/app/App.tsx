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
import { inNextTask, startInNextTask } from '../ui/nextTask'
import { PageLoading } from '../ui/Page'
import { BootOverlay } from './BootOverlay'
import { Header } from './Header'
import { NavDrawer } from './NavDrawer'
import { documentTitle } from './navigation'
import { NavRail } from './NavRail'
import { NotFoundPage, ROUTES } from './routes'
import { ScanLine } from './ScanLine'
import { ToasterSlot } from './ToasterSlot'
import { createContentShown, useSceneStart, type ContentShown } from './sceneStart'
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

/**
 * The background scene and the swarm's writers. Their start is this component's state, not the
 * shell's: starting them re-renders this and the scene's slot only, never the route's page.
 */
function SceneHost({ isCore, content }: { isCore: boolean; content: ContentShown }) {
  const store = useSwarmStore()
  const scene = useSceneStart(isCore, content)
  // The local sim runs behind every route (the scene and the Swarm Core panels read it). On Swarm
  // Core it starts at once (the panels show it); behind a dashboard with the scene, once the
  // route's content is painted and the page has settled (its worker, its first frames and the
  // frame loop were a third of a phone's main-thread work before that): until then the store
  // shows the swarm it seeded itself.
  // Each writer starts in a task of its own, not in the commit's effects with the rest
  // (startInNextTask).
  useEffect(() => {
    if (!scene.writers) return
    return startInNextTask(() => {
      startSimulation(store)
      return () => stopSimulation(store)
    })
  }, [store, scene.writers])
  // The live feed replaces the local sim as the store's writer while connected (?feed=sim: never);
  // it connects with the scene too (its frames' decoding and link search were the rest).
  useEffect(() => {
    if (!scene.writers) return
    return startInNextTask(() => {
      const { sim } = store.runtime
      const live: LiveFeedSource = new LiveFeedSource({
        seed: sim.seed,
        world: sim.world,
        // behind (live history) its console lines are kept for Go live (historyStore.ts)
        isShown: () => store.runtime.source === live || store.swarm.history.active,
        isPaused: () => store.swarm.paused,
      })
      // its first state is shown in the task after the one that decoded it (liveStore.ts, Defer)
      const detach = attachLiveFeed(store, live, inNextTask)
      const feed = startLiveFeed(live)
      return () => {
        feed.stop()
        detach()
      }
    })
  }, [store, scene.writers])
  // The GPU scout (a 1 KB worker, src/scene/gpuWarmup.ts) goes out with the scene's chunk, not
  // after it: the chunk's load need not hold back the scene's wait for a quiet GPU. Not before:
  // the two requests were a chain on the first paint's path.
  useEffect(() => {
    if (scene.started) void import('../scene/gpuWarmup').then((m) => m.startGpuScout())
  }, [scene.started])
  return <SceneSlot dimmed={!isCore} started={scene.started} />
}

/** The boot sequence over the page (its end re-renders this alone). */
function Boot() {
  const [booting, setBooting] = useState(
    () => new URLSearchParams(window.location.search).get('boot') !== '0',
  )
  const done = useCallback(() => setBooting(false), [])
  return booting ? <BootOverlay onDone={done} /> : null
}

function Shell() {
  const { pathname } = useLocation()
  const [content] = useState(createContentShown)
  const isCore = pathname === '/' || pathname === ''
  useEffect(() => {
    document.title = documentTitle(pathname)
  }, [pathname])

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
      <SceneHost isCore={isCore} content={content} />
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
                <PageShown onShown={content.mark} />
              </Suspense>
            </ErrorBoundary>
          </Main>
        </Column>
      </Frame>
      <ToasterSlot />
      <Boot />
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
