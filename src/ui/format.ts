/**
 * Number and clock texts put together by hand, as en-US's `toLocaleString` and en-GB's 24-hour
 * `toLocaleTimeString` write them. Every route's first screen shows some (the header's clock, a
 * page's figures), and a page's first Intl format costs tens of milliseconds of ICU set-up, four
 * times that on a slow phone, inside the first load (docs/ARCHITECTURE.md, "First load").
 */

const two = (n: number) => String(n).padStart(2, '0')

/** Local time as 'HH:MM:SS' (24-hour). */
export function formatClock(at: number | Date): string {
  const d = typeof at === 'number' ? new Date(at) : at
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
}

/** `digits` (a decimal integer's digits) plus one in the last place, carrying: '0999' → '1000'. */
function increment(digits: string): string {
  const d = digits.split('')
  let i = d.length - 1
  while (i >= 0 && d[i] === '9') d[i--] = '0'
  if (i < 0) return `1${d.join('')}`
  d[i] = String(Number(d[i]) + 1)
  return d.join('')
}

/**
 * `n` as `n.toLocaleString('en-US', { minimumFractionDigits: min, maximumFractionDigits: max })`
 * writes it: thousands separated by commas, rounded half away from zero at `max` decimals, trailing
 * zeros kept down to `min`. Like Intl it rounds the shortest decimal that reads back as `n`
 * (String(n): 7558.945, not the double's 7558.94499…), so toFixed would not do.
 */
export function formatNumber(n: number, max = 3, min = 0): string {
  const plain = String(Math.abs(n))
  if (!Number.isFinite(n) || plain.includes('e')) {
    return n.toLocaleString('en-US', { minimumFractionDigits: min, maximumFractionDigits: max })
  }
  const dot = plain.indexOf('.')
  const whole = dot < 0 ? plain : plain.slice(0, dot)
  const fraction = dot < 0 ? '' : plain.slice(dot + 1)
  // every digit kept at `max` decimals, as one integer, then rounded on the first one dropped
  let kept = whole + fraction.slice(0, max).padEnd(max, '0')
  if (fraction.length > max && fraction.charCodeAt(max) >= 53 /* '5' */) kept = increment(kept)
  const int = kept.slice(0, kept.length - max) || '0'
  let frac = kept.slice(kept.length - max)
  let end = frac.length
  while (end > min && frac[end - 1] === '0') end--
  frac = frac.slice(0, end)
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, ',')
  const negative = n < 0 || Object.is(n, -0)
  return `${negative ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`
}
