// Makes sure a system Chromium exists for the browser tests. Installs Debian's package when it can
// (root with apt-get); otherwise stops with one line saying what to do. Never downloads a browser build.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromiumPath } from './chromium-path.mjs'

const found = chromiumPath()
if (found && existsSync(found)) process.exit(0)
if (process.env.CHROMIUM_PATH) {
  console.error(
    `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist; point it at a Chromium binary.`,
  )
  process.exit(1)
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
function hasApt() {
  try {
    execSync('command -v apt-get', { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
if (isRoot && hasApt()) {
  console.log('Chromium not found: installing Debian package "chromium" (apt-get)...')
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execSync('apt-get update -qq', { stdio: 'inherit', env })
    execSync('apt-get install -y -qq chromium', { stdio: 'inherit', env })
  } catch {
    // fall through to the message below
  }
  if (chromiumPath()) process.exit(0)
}
console.error(
  'Chromium is required for the browser tests: run `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.',
)
process.exit(1)
