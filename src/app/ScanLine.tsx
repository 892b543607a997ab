import { useEffect, useState } from 'react'
import styled from 'styled-components'

const SCAN_INTERVAL_MS = 3000

const Line = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  height: 2px;
  pointer-events: none;
  /* Above the scene, under the header and panels: a decoration never crosses text (it used to run
     over the header clock, which axe rightly flagged as unreadable). */
  z-index: ${(p) => p.theme.layer.page - 1};
  background: linear-gradient(90deg, transparent, rgba(0, 240, 200, 0.35), transparent);
  box-shadow: 0 0 10px rgba(0, 240, 200, 0.35);
  /* A transform, not \`top\`: the compositor moves it (its own layer) with no layout, repaint or
     re-raster of what it crosses. Animating \`top\` over the moving canvas cost software WebGL half
     of the Swarm Core page's frame rate. */
  will-change: transform;
  transition: transform 2.8s ease-in-out;
`

/** PRODUCT.md §2 decorative scanning line: moves to a random height every 3 s. */
export function ScanLine() {
  const [top, setTop] = useState(20)
  useEffect(() => {
    const id = setInterval(() => setTop(Math.random() * 100), SCAN_INTERVAL_MS)
    return () => clearInterval(id)
  }, [])
  return (
    <Line
      aria-hidden="true"
      data-testid="scan-line"
      style={{ transform: `translateY(${top}vh)` }}
    />
  )
}
