import { css } from 'styled-components'

/**
 * A translucent surface over the moving canvas (panels, the header, the console, the error popup,
 * the zoom controls): the scene blurred behind it. The blur also makes it a composited layer of its
 * own, so a panel whose figures change re-rasters only itself.
 *
 * On software WebGL (html[data-software-gl='1'], set by the scene) the blur goes: recomposited over
 * the moving canvas it cost more than the scene (146 agents ran at 9 fps with it). `will-change`
 * keeps the layer the blur gave. Without it every surface was painted into one layer over the whole
 * screen, and any figure that changed (at 100,000 agents: console lines, the error popup, the
 * status counts, several times a second) re-rastered whole-width strips of every panel. The page
 * at 100,000 agents went from ~25 to ~32 fps on SwiftShader, 2 cores (bench:render; README).
 */
export const glass = css`
  backdrop-filter: blur(6px);
  html[data-software-gl='1'] & {
    backdrop-filter: none;
    will-change: transform;
  }
`

/** For a glass surface set inside another (the dock's panels): neither blur nor layer of its own. */
export const flat = css`
  backdrop-filter: none;
  html[data-software-gl='1'] & {
    will-change: auto;
  }
`

/**
 * A surface over the moving canvas with no blur (the navigation rail): on software WebGL, a
 * composited layer of its own as well. Painted into the shell's full-screen layer, the rail, as tall
 * as the screen, made the compositor draw that layer's whole area every frame, where the shell
 * otherwise paints only a few small controls: ~4.5 ms of SwiftShader a frame at 1280×720, which held
 * the page at 1 agent below 60 fps (README). Its `position: fixed` descendants would be placed in it.
 */
export const ownLayer = css`
  html[data-software-gl='1'] & {
    will-change: transform;
  }
`
