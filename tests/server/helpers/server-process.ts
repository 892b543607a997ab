import { spawn, type ChildProcess } from 'node:child_process'

export interface ServerProcess {
  proc: ChildProcess
  base: string
  port: number
}

/**
 * Runs server/main.ts as a real process (one process, no npx/tsx wrapper, so SIGKILL really kills
 * the server) and waits until /api/health answers.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = 20_000 + Math.floor(Math.random() * 20_000)
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
