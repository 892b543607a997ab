import './app/csp'
import '@fontsource/jetbrains-mono/400.css'
import '@fontsource/jetbrains-mono/600.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { preloadRoute } from './app/routes'
import { createSwarmStore } from './state/swarmStore'
import { currentSwarmParams } from './state/urlParams'

// The route's page starts loading now, so that the first render finds it loaded (src/app/routes.tsx).
preloadRoute(window.location.pathname)

// The page's one swarm store: the URL's seed, size and pause, and where its simulation runs.
const store = createSwarmStore(currentSwarmParams())

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
