/** Line icons for the navigation (24×24, stroke = currentColor). Drawn here, no icon font or CDN. */
const PATHS: Record<string, string> = {
  core: 'M12 2l8.66 5v10L12 22l-8.66-5V7z M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8',
  analytics: 'M4 20V10 M10 20V4 M16 20v-7 M22 20H2',
  database:
    'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3z M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6 M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  compute:
    'M6 6h12v12H6z M9 9h6v6H9z M9 2v4 M15 2v4 M9 18v4 M15 18v4 M2 9h4 M2 15h4 M18 9h4 M18 15h4',
  diagnostics: 'M2 12h4l3-8 4 16 3-8h6',
  token:
    'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20 M9 8h4.5a2 2 0 0 1 0 4H9h5a2 2 0 0 1 0 4H9z M12 6v2 M12 16v2',
  blinks: 'M13 2L4 14h7l-1 8 9-12h-7z',
  game: 'M6 8h12a4 4 0 0 1 4 4v2a4 4 0 0 1-7 2.6L14 15h-4l-1 1.6A4 4 0 0 1 2 14v-2a4 4 0 0 1 4-4z M7 11v4 M5 13h4 M16 12h.01 M18 14h.01',
  labs: 'M9 2h6 M10 2v7L4 20a1 1 0 0 0 .9 1.5h14.2A1 1 0 0 0 20 20L14 9V2 M7 15h10',
  marketplace: 'M3 9l2-6h14l2 6 M3 9h18v12H3z M9 21v-6h6v6',
  whitelist: 'M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z M8.5 12l2.5 2.5 5-5',
  chat: 'M4 4h16v12H8l-4 4z M8 9h8 M8 12h5',
  terminal: 'M3 4h18v16H3z M7 9l3 3-3 3 M12 15h5',
  settings:
    'M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8 M12 2v3 M12 19v3 M2 12h3 M19 12h3 M4.9 4.9l2.1 2.1 M17 17l2.1 2.1 M4.9 19.1L7 17 M17 7l2.1-2.1',
  menu: 'M3 6h18 M3 12h18 M3 18h18',
  lock: 'M5 11h14v10H5z M8 11V7a4 4 0 0 1 8 0v4 M12 15v2',
  close: 'M5 5l14 14 M19 5L5 19',
}

export type IconName = keyof typeof PATHS

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  )
}
