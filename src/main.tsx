import './app/csp'
import '@fontsource/jetbrains-mono/400.css'
import '@fontsource/jetbrains-mono/600.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { preloadRoute } from './app/routes'
import { createSwarmStore } from './state/swarmStore'
import { currentSwarmParams } from './state/urlParams'
import { nextTask } from './ui/nextTask'

// The route's page starts loading now, so that the first render finds it loaded (src/app/routes.tsx).
preloadRoute(window.location.pathname)

// The store and the first render wait for the tasks after this one, one task each: the entry's own
// evaluation (React and the app's modules), the store's (its sim, its worker, the first readings)
// and the root's were one task, ~150 ms at 4× CPU, an input held that long on a slow phone
// (docs/ARCHITECTURE.md, "First load"). The route's chunk is already on its way.
void start()

async function start(): Promise<void> {
  await nextTask()
  // The page's one swarm store: the URL's seed, size and pause, and where its simulation runs.
  const store = createSwarmStore(currentSwarmParams())
  // Swarm Core's minimap reads its state from the session storage in its first render, and the
  // page's first storage read waits on the browser to open the storage area (13 ms here, ×4 on a
  // slow phone) inside that render slice: it is opened here, in a task of its own.
  if (window.location.pathname === '/') {
    await nextTask()
    openSessionStorage()
  }
  await nextTask()
  render(store)
}

function openSessionStorage(): void {
  try {
    void window.sessionStorage.length
  } catch {
    // storage refused (private mode, a sandboxed frame): the minimap falls back as it does
  }
}

function render(store: ReturnType<typeof createSwarmStore>): void {
  // The first render is a transition so that React renders it in slices of a few milliseconds,
  // yielding to the browser between them: on a slow phone one synchronous render of the shell and
  // its route was a task of ~300 ms that held every input (docs/ARCHITECTURE.md, "First load").
  const root = createRoot(document.getElementById('root')!)
  startTransition(() => {
    root.render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    )
  })
}
