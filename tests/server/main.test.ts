import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

describe('server/main.ts', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'serves, then shuts down cleanly on %s',
    async (signal) => {
      const port = await freePort()
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          DATABASE_URL: 'sqlite::memory:',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => resolve(code)),
      )
      let ok = false
      for (let i = 0; i < 100 && !ok; i++) {
        await new Promise((r) => setTimeout(r, 200))
        ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      }
      expect(ok).toBe(true)
      child.kill(signal)
      expect(await exited).toBe(0)
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow()
    },
  )
})
