/**
 * The processes of `npm run bench:attack` (RELIABILITY.md §12): the built server started the way
 * `npm run serve` starts it, the Fastify hello-world control, and the attackers' child process.
 * Every process is registered here and killed (SIGKILL) by `killAll`, which the bench calls in a
 * finally block and on exit, so an error or ^C leaves nothing running.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { exited } from '../../tests/server/helpers/server-process'
import { httpCall, type Poll } from './attack-probe'

/** where the bench's own setup requests come from: neither the attackers' nor the bystander's */
export const SETUP_ADDRESS = '127.0.0.3'

const running = new Set<ChildProcess>()
const tempDirs = new Set<string>()

function track(proc: ChildProcess): ChildProcess {
  running.add(proc)
  proc.once('exit', () => running.delete(proc))
  return proc
}

/** Kills every process this bench started and removes its temp directories. */
export function killAll() {
  for (const proc of running) proc.kill('SIGKILL')
  running.clear()
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
  tempDirs.clear()
}

/** Stops one process (SIGTERM, then SIGKILL after 5 s) and waits for its exit. */
async function stop(proc: ChildProcess) {
  if (proc.exitCode !== null || proc.signalCode !== null) return
  proc.kill('SIGTERM')
  const force = setTimeout(() => proc.kill('SIGKILL'), 5_000)
  await exited(proc)
  clearTimeout(force)
}

export interface Target {
  name: string
  proc: ChildProcess
  /** the pid whose /proc/<pid>/status is the server's own memory (node itself, no wrapper) */
  pid: number
  port: number
  base: string
  /** the path the bystander polls */
  healthPath: string
  /** lines the process wrote to stdout/stderr so far (its log, at LOG_LEVEL=warn) */
  logLines(): number
  close(): Promise<void>
}

async function freePort(): Promise<number> {
  const srv = createServer()
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve))
  const { port } = srv.address() as { port: number }
  await new Promise((resolve) => srv.close(resolve))
  return port
}

/** Builds the client once if dist/client is missing: the server then serves it as deployed. */
export async function ensureBuiltClient() {
  if (existsSync('dist/client/index.html')) return
  console.log('dist/client/index.html missing: npm run build')
  const build = track(spawn('npm', ['run', 'build'], { stdio: 'inherit' }))
  await exited(build)
  if (build.exitCode !== 0) throw new Error(`npm run build failed (${build.exitCode})`)
}

/**
 * server/main.ts as `npm run serve` runs it (NODE_ENV=production, ALLOWED_ORIGINS for the port, the
 * built client), on a fresh SQLite file, listening on 127.0.0.1 only. Started as
 * `node --import tsx` rather than `tsx` so the child's pid is the server itself, not a wrapper.
 */
export async function startBuiltServer(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'vpos-attack-'))
  tempDirs.add(dir)
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    ALLOWED_ORIGINS: `http://localhost:${port},${base}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dir, 'vpos.sqlite')}`,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: 'dist/client',
  }
  delete env.PUBLIC_ORIGIN
  delete env.REDIS_URL
  const proc = track(
    spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  let lines = 0
  let tail = ''
  const keep = (chunk: Buffer) => {
    const text = chunk.toString()
    lines += text.split('\n').length - 1
    tail = (tail + text).slice(-2000)
  }
  proc.stdout?.on('data', keep)
  proc.stderr?.on('data', keep)
  const target: Target = {
    name: 'vPOS server',
    proc,
    pid: proc.pid as number,
    port,
    base,
    healthPath: '/api/health',
    logLines: () => lines,
    close: async () => {
      await stop(proc)
      rmSync(dir, { recursive: true, force: true })
      tempDirs.delete(dir)
    },
  }
  for (let i = 0; i < 300 && proc.exitCode === null; i++) {
    const health = await httpCall({ port, path: '/api/health', from: SETUP_ADDRESS })
    if (health.status === 200) return target
    await new Promise((r) => setTimeout(r, 100))
  }
  proc.kill('SIGKILL')
  throw new Error(`server did not start (exit ${proc.exitCode}); its last output:\n${tail}`)
}

/** The control: bench/attack-hello.mjs, a bare Fastify hello-world in its own node process. */
export async function startControl(): Promise<Target> {
  const proc = track(
    fork(fileURLToPath(new URL('../attack-hello.mjs', import.meta.url)), {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  )
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as { port: number }))
    proc.once('exit', (code) => reject(new Error(`control exited (${code})`)))
  })
  return {
    name: 'Fastify hello-world',
    proc,
    pid: proc.pid as number,
    port,
    base: `http://127.0.0.1:${port}`,
    healthPath: '/',
    logLines: () => 0,
    close: () => stop(proc),
  }
}

type Msg = Record<string, unknown>

/** The attackers' child process (bench/attack-clients.mjs) and its request/answer IPC. */
export function attackers() {
  const proc = track(
    fork(fileURLToPath(new URL('../attack-clients.mjs', import.meta.url)), {
      execArgv: [],
      stdio: 'inherit',
    }),
  )
  const ask = (m: Msg, answer: string) =>
    new Promise<Msg>((resolve, reject) => {
      const on = (r: Msg) => {
        if (r.cmd !== answer) return
        proc.off('message', on)
        resolve(r)
      }
      proc.on('message', on)
      proc.once('exit', (code) => reject(new Error(`attackers exited (${code})`)))
      proc.send(m)
    })
  return { pid: proc.pid as number, ask }
}

/**
 * A bystander: one GET of `path` every `everyMs` on a fresh connection from the bystander address,
 * until stopped. It runs in a child process of its own (bystander-child.ts), so the bench's own
 * timers and posters never delay its polls.
 */
export function bystander(port: number, path: string, everyMs = 250, timeoutMs = 5_000) {
  const proc = track(
    fork(fileURLToPath(new URL('./bystander-child.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    }),
  )
  proc.send({ cmd: 'start', port, path, everyMs, timeoutMs })
  return {
    /** stops polling and waits for the polls in flight */
    stop: () =>
      new Promise<Poll[]>((resolve, reject) => {
        proc.once('message', (m: { polls: Array<{ at: number; ms: number; ok: boolean }> }) =>
          resolve(
            m.polls.map((p) => ({
              startedAt: p.at - performance.timeOrigin,
              ms: p.ms,
              ok: p.ok,
            })),
          ),
        )
        proc.once('exit', (code) => reject(new Error(`bystander exited (${code})`)))
        proc.send({ cmd: 'stop' })
      }),
  }
}
