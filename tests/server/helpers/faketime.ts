import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
]

const find = () => CANDIDATES.find((p) => existsSync(p))

/**
 * Debian's libfaketime, for a server process whose clock runs off (the cluster suite). Installed
 * with apt-get when missing and running as root (like scripts/ensure-chromium.mjs does for
 * Chromium); otherwise null with a message, and under CI=true an error.
 */
export function ensureFaketime(): string | null {
  let lib = find()
  if (!lib && process.getuid?.() === 0) {
    try {
      execSync('command -v apt-get', { stdio: 'ignore' })
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
      console.log('[tests] faketime not found: installing Debian package "faketime" (apt-get)...')
      execSync(
        'apt-get install -y -qq faketime || (apt-get update -qq && apt-get install -y -qq faketime)',
        {
          stdio: 'inherit',
          env,
          shell: '/bin/sh',
        },
      )
    } catch {
      /* reported below */
    }
    lib = find()
  }
  if (lib) return lib
  const why =
    'libfaketime is missing: `sudo apt-get install -y faketime` (Debian) runs the clock-skew test'
  if (process.env.CI === 'true') throw new Error(`${why} (CI=true: required)`)
  console.warn(`[tests] ${why}; skipping it`)
  return null
}

/** Environment for a child process whose wall clock runs `offset` ahead ('+40s'); monotonic time is left alone. */
export function faketimeEnv(lib: string, offset: string): Record<string, string> {
  return { LD_PRELOAD: lib, FAKETIME: offset, FAKETIME_DONT_FAKE_MONOTONIC: '1' }
}
