import { Suspense, lazy } from 'react'
import styled from 'styled-components'
import { ErrorBoundary } from '../ui/ErrorBoundary'
import { nextTask } from '../ui/nextTask'

/**
 * three.js is evaluated first, in a task of its own, then the scene's own modules (r3f and ours):
 * the one module graph was a 25-45 ms task (compile and evaluation) once its last chunk arrived,
 * blocking time in Lighthouse's model of a slow phone (docs/ARCHITECTURE.md, "Chunks on the
 * first load"). The scene's chunk is asked for once three.js has run.
 */
const SwarmScene = lazy(async () => {
  await import('./threeCatalogue')
  await nextTask()
  return import('./SwarmScene')
})

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
 * routes; dashboards are DOM layered above it and dim it. The scene's chunk is fetched once
 * `started` (src/app/sceneStart.ts: once the route's content is painted; behind a dashboard once the page has settled too).
 */
export function SceneSlot({ dimmed, started }: { dimmed: boolean; started: boolean }) {
  return (
    // A landmark of its own: the canvas is there (bare, r3f's) a few frames before it is labelled
    // an application (gestureController.ts), and content outside every landmark is an axe finding
    <Layer
      $dimmed={dimmed}
      data-testid="scene-slot"
      aria-hidden={dimmed}
      role="region"
      aria-label="Agent swarm"
    >
      <ErrorBoundary
        fallback={(e) => <Fallback role="alert">WebGL unavailable: {e.message}</Fallback>}
      >
        <Suspense fallback={null}>{started && <SwarmScene dimmed={dimmed} />}</Suspense>
      </ErrorBoundary>
    </Layer>
  )
}
