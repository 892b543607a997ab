import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'

/** Log lines a configuration writes for `n` requests (LOG_LEVEL info, the default). */
async function linesFor(nodeEnv: 'production' | 'development', n: number) {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  const app = await buildApp(testConfig({ NODE_ENV: nodeEnv, LOG_LEVEL: 'info' }), {
    logStream: stream,
  })
  const before = lines.length
  for (let i = 0; i < n; i++) await app.inject('/api/health')
  await app.close()
  return lines.slice(before).filter((l) => /request/.test(l))
}

describe('request logging', () => {
  it('production writes no line per request (was two: incoming request + request completed)', async () => {
    expect(await linesFor('production', 20)).toEqual([])
  })

  it('development keeps the per-request lines', async () => {
    expect((await linesFor('development', 5)).length).toBe(10)
  })
})
