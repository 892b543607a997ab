// `npm run dev`: the Fastify server under `tsx watch` on API_PORT (5001) and Vite with HMR on PORT
// (5000) proxying /api and /ws to it: one origin in the browser, hot reload on both sides.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '5001'
const vitePort = process.env.PORT ?? '5000'
const env = { ...process.env, API_PORT: apiPort }
const children = [
  spawn(
    'npx',
    ['tsx', 'watch', '--clear-screen=false', '--include', 'server/**', 'server/main.ts'],
    {
      stdio: 'inherit',
      env: {
        ...env,
        PORT: apiPort,
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
        // The browser is on Vite's origin; the server only ever trusts configured origins.
        ALLOWED_ORIGINS:
          process.env.ALLOWED_ORIGINS ??
          `http://localhost:${vitePort},http://127.0.0.1:${vitePort}`,
      },
    },
  ),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
]
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((c) =>
  c.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  }),
)
