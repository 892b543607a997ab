/**
 * The browser benches' server (bench:render, bench:burst): the client built into its own folder
 * and served by the real server (production mode, SQLite in memory) on 127.0.0.1, unless
 * BENCH_URL names one already running.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { chromiumPath } from '../../scripts/chromium-path.mjs'

interface ServeOptions {
  /** the repository's root */
  root: string
  /** the build folder (its client/ is served) */
  outDir: string
  port: number
}

/**
 * What a browser bench needs first: Debian's Chromium, and the served client (built and started
 * unless BENCH_URL names a server already running) with the function that stops it.
 */
export async function startBench(opts: ServeOptions): Promise<{ exe: string; stop: () => void }> {
  const exe = chromiumPath()
  if (!exe) throw new Error('no Chromium: set CHROMIUM_PATH or install Debian’s chromium')
  const server = await startServer(opts)
  const stop = () => {
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM')
  }
  return { exe, stop }
}

/** Builds the client and serves it, unless BENCH_URL names a server already running. */
async function startServer(opts: ServeOptions): Promise<ChildProcess | null> {
  if (process.env.BENCH_URL) return null
  const clientDir = join(opts.outDir, 'client')
  await buildClient(opts.root, clientDir)
  return serveClient(clientDir, opts)
}

/** `vite build` of the repository's client into `clientDir` (precompressed siblings included). */
export async function buildClient(root: string, clientDir: string): Promise<void> {
  console.log(`building the client into ${clientDir} …`)
  const { build } = await import('vite')
  await build({
    root,
    logLevel: 'warn',
    build: { outDir: clientDir, emptyOutDir: true, reportCompressedSize: false },
  })
}

/**
 * The real server (production mode, SQLite in memory) serving `clientDir` on 127.0.0.1:`port`,
 * once it answers /api/health; stop it with `process.kill(-child.pid)`.
 */
export async function serveClient(
  clientDir: string,
  { root, port }: { root: string; port: number },
): Promise<ChildProcess> {
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  )
  if (taken) throw new Error(`port ${port} is already in use: stop what holds it or set BENCH_PORT`)
  const server = spawn(join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      CLIENT_DIR: clientDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  })
  let exited: number | null = null
  server.once('exit', (code) => (exited = code ?? 1))
  for (let i = 0; i < 120 && exited === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`the server did not start${exited === null ? '' : ` (exit code ${exited})`}`)
}
