import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../server/app'
import { type AppConfig, testConfig } from '../../../server/config'

type BuildOptions = NonNullable<Parameters<typeof buildApp>[1]>

/**
 * `count` full server instances on one configuration (a shared database and Redis), listening;
 * `options(i)` gives instance i its build options (shorter chat timers, a wrapped bus).
 */
export async function listeningInstances(
  count: number,
  overrides: Partial<AppConfig>,
  options: BuildOptions | ((i: number) => BuildOptions) = {},
): Promise<FastifyInstance[]> {
  const apps: FastifyInstance[] = []
  for (let i = 0; i < count; i++) {
    const app = await buildApp(
      testConfig(overrides),
      typeof options === 'function' ? options(i) : options,
    )
    await app.listen({ port: 0, host: '127.0.0.1' })
    apps.push(app)
  }
  return apps
}
