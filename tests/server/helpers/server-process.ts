import { spawn, type ChildProcess } from 'node:child_process'

export interface ServerProcess {
  proc: ChildProcess
  base: string
  port: number
}

/**
 * A port for a server process: below Linux's ephemeral range (32768-60999), where the suites' own
 * outgoing connections (PostgreSQL, Redis, the servers' sockets) take their local ports, so a
 * random pick does not land on one of them (CI once saw EADDRINUSE on 36024).
 */
const randomPort = () => 20_000 + Math.floor(Math.random() * 12_000)

/**
 * Runs server/main.ts as a real process (one process, no npx/tsx wrapper, so SIGKILL really kills
 * the server) and waits until /api/health answers. A port that turns out taken is tried again
 * with another (three tries).
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(env, randomPort())
    } catch (err) {
      if (attempt >= 3 || !/EADDRINUSE/.test(String(err))) throw err
    }
  }
}

async function startOnPort(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      CLIENT_DIR: '/nonexistent',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...env,
    },
    // VPOS_TEST_SERVER_LOGS=1 shows the servers' own logs while debugging a suite; otherwise the
    // last lines are kept for the error below (read continuously, so a full pipe never blocks it).
    stdio: process.env.VPOS_TEST_SERVER_LOGS === '1' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  })
  let tail = ''
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-2000)
  }
  proc.stdout?.on('data', keep)
  proc.stderr?.on('data', keep)
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { proc, base, port }
    } catch {
      /* not listening yet */
    }
    if (proc.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 100))
  }
  proc.kill('SIGKILL')
  throw new Error(`server did not start (exit code ${proc.exitCode}); its last output:\n${tail}`)
}

/** Resolves once the process has exited. */
export const exited = (p: ChildProcess) =>
  new Promise<void>((r) =>
    p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r()),
  )
