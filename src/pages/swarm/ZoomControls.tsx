import styled from 'styled-components'
import { glass } from '../../ui/glass'
import { useSnapshot } from 'valtio'
import {
  ZOOM_MAX,
  ZOOM_MIN,
  camera,
  resetCamera,
  zoomIn,
  zoomOut,
  zoomPercent,
} from '../../state/cameraStore'
import { CopyLinkButton } from './CopyLinkButton'
import { IconButton } from './OverlayPanel'

const Box = styled.div<{ $vertical: boolean }>`
  pointer-events: auto;
  display: flex;
  flex-direction: ${(p) => (p.$vertical ? 'column' : 'row')};
  align-items: stretch;
  gap: 4px;
  padding: 4px;
  background: ${(p) => p.theme.color.panel};
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  ${glass}
  button {
    min-width: 32px;
    height: 32px;
    font-size: 15px;
  }
  button[data-reset],
  button[data-copy-link] {
    font-size: 10px;
    letter-spacing: 0.08em;
  }
  output {
    display: flex;
    align-items: center;
    justify-content: center;
    min-width: 48px;
    font-size: 11px;
    font-variant-numeric: tabular-nums;
    color: ${(p) => p.theme.color.text};
  }
`

/**
 * PRODUCT.md §2 zoom in / out / reset buttons (step 0.25, clamped 0.5–5) and the zoom readout;
 * Copy link (the view in the URL) beside them.
 */
export function ZoomControls({ vertical = false }: { vertical?: boolean }) {
  const { zoom } = useSnapshot(camera)
  const zoomOutButton = (
    <IconButton aria-label="Zoom out" onClick={zoomOut} disabled={zoom <= ZOOM_MIN}>
      −
    </IconButton>
  )
  const zoomInButton = (
    <IconButton aria-label="Zoom in" onClick={zoomIn} disabled={zoom >= ZOOM_MAX}>
      +
    </IconButton>
  )
  return (
    <Box role="group" aria-label="Zoom" $vertical={vertical}>
      {vertical ? zoomInButton : zoomOutButton}
      <output aria-label="Zoom level" aria-live="polite" data-testid="zoom-readout">
        {zoomPercent(zoom)}
      </output>
      {vertical ? zoomOutButton : zoomInButton}
      <IconButton aria-label="Reset zoom" data-reset onClick={resetCamera}>
        RESET
      </IconButton>
      <CopyLinkButton />
    </Box>
  )
}
