import { buildApp } from './app'
import { type AppConfig, loadConfig } from './config'

let config: AppConfig
try {
  config = loadConfig()
} catch (err) {
  // One readable line per problem (e.g. PUBLIC_ORIGIN unset in production), no stack trace.
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
}
const app = await buildApp(config)

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info(`${signal}: closing`)
  // Hard stop if a connection refuses to drain.
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  try {
    await app.close()
    process.exit(0)
  } catch (err) {
    app.log.error(err)
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

try {
  await app.listen({ port: config.PORT, host: config.HOST })
  console.log(`vPOS Swarm serving http://localhost:${config.PORT}`)
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
}
