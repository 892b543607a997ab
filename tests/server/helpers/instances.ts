import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../server/app'
import { type AppConfig, testConfig } from '../../../server/config'

/** `count` full server instances on one configuration (a shared database and Redis), listening. */
export async function listeningInstances(
  count: number,
  overrides: Partial<AppConfig>,
): Promise<FastifyInstance[]> {
  const apps: FastifyInstance[] = []
  for (let i = 0; i < count; i++) {
    const app = await buildApp(testConfig(overrides))
    await app.listen({ port: 0, host: '127.0.0.1' })
    apps.push(app)
  }
  return apps
}
