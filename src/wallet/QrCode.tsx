import { encode } from 'uqr'

/**
 * `text` as a QR code: one SVG path of dark modules on a light ground with its quiet zone (phone
 * cameras read dark-on-light most reliably, whatever the page's theme).
 */
export function QrCode({
  text,
  size = 184,
  label,
}: {
  text: string
  size?: number
  label: string
}) {
  const qr = encode(text, { ecc: 'M' })
  const quiet = 4
  const n = qr.size + quiet * 2
  let d = ''
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x + quiet} ${y + quiet}h1v1h-1z`
    }),
  )
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
    >
      <rect width={n} height={n} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  )
}
