import type { FastifyInstance } from 'fastify'
import { APP_VERSION } from '../../src/contracts/constants'

const startedAt = Date.now()

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => ({
    status: 'ok',
    version: APP_VERSION,
    uptimeS: Math.round((Date.now() - startedAt) / 1000),
  }))
}
