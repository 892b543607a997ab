import './app/csp'
import '@fontsource/jetbrains-mono/400.css'
import '@fontsource/jetbrains-mono/600.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { createSwarmStore } from './state/swarmStore'
import { currentSwarmParams } from './state/urlParams'

// The page's one swarm store: the URL's seed, size and pause, and where its simulation runs.
const store = createSwarmStore(currentSwarmParams())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
)
