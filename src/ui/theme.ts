import { createGlobalStyle } from 'styled-components'

/** Design tokens: dark sci-fi terminal, neon accents, thin borders. */
export const theme = {
  color: {
    bg: '#03060b',
    bgRaised: '#07111a',
    panel: 'rgba(6, 16, 24, 0.86)',
    panelSolid: '#071019',
    border: 'rgba(0, 240, 200, 0.22)',
    borderStrong: 'rgba(0, 240, 200, 0.55)',
    text: '#cfe9e4',
    muted: '#7f9d98',
    dim: '#4d6663',
    accent: '#00f0c8',
    accentSoft: 'rgba(0, 240, 200, 0.12)',
    blue: '#4da3ff',
    purple: '#b07cff',
    green: '#39ff88',
    yellow: '#ffe14d',
    amber: '#ffb547',
    orange: '#ff8a3d',
    red: '#ff4d5e',
  },
  font: {
    mono: "'JetBrains Mono', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  radius: '4px',
  shadow: { glow: '0 0 12px rgba(0, 240, 200, 0.35)' },
  breakpoint: { mobile: 768 },
  layer: { scene: 0, page: 10, chrome: 20, overlay: 40, modal: 50, toast: 60, boot: 100 },
} as const

type Theme = typeof theme

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}

export const media = {
  mobile: `@media (max-width: ${theme.breakpoint.mobile - 1}px)`,
  desktop: `@media (min-width: ${theme.breakpoint.mobile}px)`,
}

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; margin: 0; }
  body {
    background: ${theme.color.bg};
    color: ${theme.color.text};
    font-family: ${theme.font.mono};
    font-size: 13px;
    line-height: 1.45;
    -webkit-font-smoothing: antialiased;
    overflow: hidden;
  }
  a { color: ${theme.color.accent}; }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible { outline: 1px solid ${theme.color.accent}; outline-offset: 2px; }
  /* 'vPOS' keeps its spelling inside uppercase titles (src/ui/BrandText.tsx) */
  [data-brand] { text-transform: none; }
  /* GOTCHA: the canvas fills the window behind the header and rail, so its own outline would be
     hidden; while it has keyboard focus the visible part (<main>) gets the ring and the key hint. */
  body:has([data-testid='swarm-canvas'] canvas:focus-visible) main::after {
    content: '';
    position: absolute;
    inset: 0;
    border: 2px solid ${theme.color.accent};
    box-shadow: inset 0 0 14px rgba(0, 240, 200, 0.35);
    pointer-events: none;
    z-index: 1;
  }
  body:has([data-testid='swarm-canvas'] canvas:focus-visible) main::before {
    content: 'Arrows pan · + − zoom · 0 resets · N P agents';
    position: absolute;
    left: 50%;
    bottom: 6px;
    transform: translateX(-50%);
    padding: 2px 10px;
    border-radius: 999px;
    background: ${theme.color.panelSolid};
    border: 1px solid ${theme.color.accent};
    color: ${theme.color.accent};
    font-size: 11px;
    white-space: nowrap;
    pointer-events: none;
    z-index: 1;
  }
  ::selection { background: rgba(0, 240, 200, 0.3); }
  ::-webkit-scrollbar { width: 6px; height: 6px; }
  ::-webkit-scrollbar-thumb { background: ${theme.color.border}; border-radius: 3px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`
