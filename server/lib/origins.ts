/**
 * One Origin check for every place that needs it (cross-site writes, the /ws handshake, the API
 * scope) and the choice of sign-in site: both read only the configured origins (config.siteOrigins),
 * never the request's Host header. The comparison is of whole origins — scheme, host and port —
 * so `http://vpos.example` is not `https://vpos.example`.
 */

/** `scheme://host[:port]` of an http(s) origin header, or null ('null', garbage, other schemes). */
function normaliseOrigin(origin: string): string | null {
  try {
    const url = new URL(origin)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.origin
  } catch {
    return null
  }
}

/** True when the Origin header names one of the configured origins exactly (scheme-aware). */
export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  const normalised = normaliseOrigin(origin)
  return normalised !== null && allowed.includes(normalised)
}

export interface SignInSite {
  /** host[:port], the SIWS domain */
  domain: string
  /** the origin, the SIWS URI */
  uri: string
  secure: boolean
}

function siteOf(origin: string): SignInSite {
  const url = new URL(origin)
  return { domain: url.host, uri: url.origin, secure: url.protocol === 'https:' }
}

/**
 * The site a new sign-in message should name: the configured origin the browser says it is on
 * (its Origin header), else the first configured one (PUBLIC_ORIGIN).
 */
export function signInSiteFor(origin: string | undefined, allowed: readonly string[]): SignInSite {
  const match = origin !== undefined && isAllowedOrigin(origin, allowed)
  return siteOf(match ? (normaliseOrigin(origin) as string) : (allowed[0] as string))
}

/** The configured site whose domain a signed message names, if any; its URI must be that origin. */
export function signInSiteOf(
  domain: string,
  uri: string,
  allowed: readonly string[],
): SignInSite | undefined {
  const site = allowed.map(siteOf).find((s) => s.domain === domain)
  if (!site) return undefined
  return normaliseOrigin(uri) === site.uri ? site : undefined
}

/** ws:/wss: sources for the CSP's connect-src, one per configured origin. */
export function webSocketSources(allowed: readonly string[]): string[] {
  return allowed.map((o) => {
    const url = new URL(o)
    return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`
  })
}
