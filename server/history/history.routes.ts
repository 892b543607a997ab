/**
 * The live history (docs/ARCHITECTURE.md "Live history"): the feed leader's recorder, and
 * GET /api/history and GET /api/history/frames (src/contracts/history.ts), served by any instance
 * from the database. Registered in the wallet API's scope, where `app.db` lives; the recorder is
 * attached to the feed's engine once the app is ready (the feed is registered later).
 */
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  HISTORY_KEYFRAME_MS,
  HISTORY_TICK_MS,
  HistoryFramesQuerySchema,
  HistoryInfoSchema,
  type HistoryInfo,
} from '../../src/contracts/history'
import { apiPaths } from '../../src/contracts/apiPaths'
import { HttpError } from '../http/http-error'
import { HistoryRecorder, type RecorderOptions } from './history-recorder'
import { readMoment } from './history-read'
import { HistoryStore } from './history-store'

export interface HistoryRoutesOptions {
  recorder?: Omit<RecorderOptions, 'log'>
  /** false: serve only (no recording on this instance) */
  record?: boolean
}

const iso = (t: number) => new Date(t).toISOString()

export const historyRoutes: FastifyPluginAsync<HistoryRoutesOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const store = new HistoryStore(app.db)
  let recorder: HistoryRecorder | undefined

  app.addHook('onReady', async () => {
    if (opts.record === false || !app.hasDecorator('feed')) return
    const { engine } = app.feed
    recorder = new HistoryRecorder(
      store,
      engine.source,
      () => (app.feed.scale ? app.feed.scale.isLeader : true),
      { ...opts.recorder, log: app.log },
    )
    engine.onTick = recorder.onTick
    app.feed.history = recorder
  })
  // What is recorded so far is stored: on close, after the feed has handed its lead over (its
  // preClose: a flush here would hold the handover back) and before the database closes (onClose
  // hooks run in the reverse order of registration, and the database's was registered first).
  app.addHook('onClose', async () => {
    if (!recorder) return
    if (app.feed.engine.onTick === recorder.onTick) app.feed.engine.onTick = undefined
    await recorder.flush()
  })

  app.get(
    apiPaths.history.info.pattern,
    {
      schema: { response: { 200: HistoryInfoSchema } },
      config: { rateLimit: { rule: 'history', per: 'ip' } },
    },
    async (): Promise<HistoryInfo> => ({
      now: Date.now(),
      ...(await store.info()),
      tickMs: HISTORY_TICK_MS,
      keyframeMs: HISTORY_KEYFRAME_MS,
    }),
  )

  app.get(
    apiPaths.history.frames.pattern,
    {
      schema: { querystring: HistoryFramesQuerySchema },
      config: { rateLimit: { rule: 'history', per: 'ip' } },
    },
    async (req, reply) => {
      const { at, after } = req.query
      const { oldest, newest } = await store.info()
      if (oldest === null || newest === null)
        throw new HttpError(404, 'No history at that moment: nothing is recorded yet')
      const body =
        at >= oldest && at <= newest + HISTORY_KEYFRAME_MS
          ? await readMoment(store, at, after)
          : null
      if (!body)
        throw new HttpError(
          404,
          `No history at that moment: kept from ${iso(oldest)} to ${iso(newest)}`,
        )
      return reply.type('application/octet-stream').send(body)
    },
  )
}
