import './app/csp'
import '@fontsource/jetbrains-mono/400.css'
import '@fontsource/jetbrains-mono/600.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { preloadRoute } from './app/routes'
import { createSwarmStore } from './state/swarmStore'
import { currentSwarmParams } from './state/urlParams'
import { inNextTask } from './ui/nextTask'

// The route's page starts loading now, so that the first render finds it loaded (src/app/routes.tsx).
preloadRoute(window.location.pathname)

// The store and the first render wait for the tasks after this one, one task each: the entry's own
// evaluation (React and the app's modules), the store's (its sim, its worker, the first readings)
// and the root's were one task, ~150 ms at 4× CPU, an input held that long on a slow phone
// (docs/ARCHITECTURE.md, "First load"). The route's chunk is already on its way.
inNextTask(() => {
  // The page's one swarm store: the URL's seed, size and pause, and where its simulation runs.
  const store = createSwarmStore(currentSwarmParams())
  inNextTask(() => {
    // The page's first storage read waits on the browser to open the storage area (13 ms here,
    // ×4 on a slow phone), inside whichever render slice asked first (Swarm Core's minimap): it
    // is asked here, in a task of its own, and the render finds it open.
    try {
      void window.sessionStorage.length
    } catch {
      // storage refused (private mode, a sandboxed frame): the pages fall back as they do
    }
    inNextTask(() => render(store))
  })
})

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
