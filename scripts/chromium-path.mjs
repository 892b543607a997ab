import { existsSync } from 'node:fs'

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser']

/** The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's. Undefined when none exists. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return CANDIDATES.find((p) => existsSync(p))
}
