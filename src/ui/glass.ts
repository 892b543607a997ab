import { css } from 'styled-components'

/**
 * A surface over the moving canvas: on software WebGL (html[data-software-gl='1'], set by the
 * scene), a composited layer of its own. Painted into a layer over the whole screen, any figure that
 * changed re-rastered whole-width strips of everything in it, and the compositor drew that whole
 * layer every frame. Used bare by the navigation rail: as tall as the screen, it alone kept the
 * shell's full-screen layer drawn, ~4.5 ms of SwiftShader a frame at 1280×720, which held the page
 * at 1 agent below 60 fps (docs/PERFORMANCE.md). Its `position: fixed` descendants would be placed in it.
 */
export const ownLayer = css`
  html[data-software-gl='1'] & {
    will-change: transform;
  }
`

/**
 * A translucent surface over the moving canvas (panels, the header, the console, the error popup,
 * the zoom controls): the scene blurred behind it. The blur also makes it a composited layer of its
 * own, so a panel whose figures change re-rasters only itself.
 *
 * On software WebGL the blur goes: recomposited over the moving canvas it cost more than the scene
 * (146 agents ran at 9 fps with it). `ownLayer` keeps the layer the blur gave: without it every
 * surface was painted into one full-screen layer, and at 100,000 agents (console lines, the error
 * popup, the status counts changing several times a second) the page ran at ~25 fps instead of ~32
 * on SwiftShader, 2 cores (bench:render; docs/PERFORMANCE.md).
 */
export const glass = css`
  backdrop-filter: blur(6px);
  html[data-software-gl='1'] & {
    backdrop-filter: none;
  }
  ${ownLayer}
`

/** For a glass surface set inside another (the dock's panels): neither blur nor layer of its own. */
export const flat = css`
  backdrop-filter: none;
  html[data-software-gl='1'] & {
    will-change: auto;
  }
`
