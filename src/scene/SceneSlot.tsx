import { Suspense, lazy } from 'react'
import styled from 'styled-components'
import { ErrorBoundary } from '../ui/ErrorBoundary'

const loadScene = () => import('./SwarmScene')
const SwarmScene = lazy(loadScene)

/** Starts fetching the three.js chunk early (during the boot overlay) without rendering it. */
export function preloadScene() {
  void loadScene()
}

const Layer = styled.div<{ $dimmed: boolean }>`
  position: fixed;
  inset: 0;
  z-index: ${(p) => p.theme.layer.scene};
  opacity: ${(p) => (p.$dimmed ? 0.35 : 1)};
  transition: opacity 0.3s;
  pointer-events: ${(p) => (p.$dimmed ? 'none' : 'auto')};
`
const Fallback = styled.div`
  position: absolute;
  bottom: 12px;
  left: 50%;
  transform: translateX(-50%);
  color: ${(p) => p.theme.color.amber};
  font-size: 12px;
`

/**
 * The full-screen layer behind every route where the swarm canvas lives. It stays mounted across
 * routes; dashboards are DOM layered above it and dim it.
 */
export function SceneSlot({ dimmed }: { dimmed: boolean }) {
  return (
    <Layer $dimmed={dimmed} data-testid="scene-slot" aria-hidden={dimmed}>
      <ErrorBoundary
        fallback={(e) => <Fallback role="alert">WebGL unavailable: {e.message}</Fallback>}
      >
        <Suspense fallback={null}>
          <SwarmScene dimmed={dimmed} />
        </Suspense>
      </ErrorBoundary>
    </Layer>
  )
}
