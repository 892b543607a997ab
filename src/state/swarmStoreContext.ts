/**
 * The app's swarm store, handed down through React context: src/main.tsx builds it
 * (createSwarmStore) and App provides it; components read it with useSwarmStore(). A test renders
 * its own store in a SwarmStoreProvider. @react-three/fiber's Canvas carries the context into the
 * scene. docs/ARCHITECTURE.md, "State stores".
 */
import { createContext, useContext } from 'react'
import type { SwarmStore } from './swarmState'

const SwarmStoreContext = createContext<SwarmStore | null>(null)

export const SwarmStoreProvider = SwarmStoreContext.Provider

/** The swarm store of the tree this component is rendered in. */
export function useSwarmStore(): SwarmStore {
  const store = useContext(SwarmStoreContext)
  if (!store) throw new Error('useSwarmStore: render inside a SwarmStoreProvider (src/main.tsx)')
  return store
}
