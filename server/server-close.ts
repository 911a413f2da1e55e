import type { Logger } from 'pino'
import type { Dispatcher } from 'undici'
import type { HtmlCache } from './cache/pages/html-cache.ts'
import type { Purger } from './cache/purge/purger.ts'
import type { RedisSharing } from './cache/redis-sharing.ts'
import type { assetSharingOf } from './fleet-wiring.ts'
import { settleRenders } from './lifecycle/settle-renders.ts'

/** What ServerDeps.close stops, in its order. */
export interface Closing {
  log: Logger
  htmlCache: HtmlCache | undefined
  purger: Purger
  assets: ReturnType<typeof assetSharingOf> | undefined
  demoApi: { close(): Promise<unknown> } | null
  redis: RedisSharing | null
  /** The upstream pool, when made here (not passed in). */
  ownDispatcher: Dispatcher | null
}

/** ServerDeps.close: see there. */
export function closerOf({ log, htmlCache, purger, assets, demoApi, redis, ownDispatcher }: Closing) {
  return async function close({ settleMs = 0 }: { settleMs?: number } = {}): Promise<boolean> {
    const settled = htmlCache === undefined || (await settleRenders(htmlCache, Math.max(0, settleMs)))
    if (!settled) {
      const { inFlight, sharing } = htmlCache
      log.warn({ inFlight, sharing }, 'renders or shared writes still running at shutdown are cut')
    }
    purger.close()
    assets?.publisher.close()
    await Promise.allSettled([demoApi?.close(), redis?.close()])
    // Closing waits for the upstream requests still open: a cut render's may last until its timeout.
    await (settled ? ownDispatcher?.close() : ownDispatcher?.destroy())
    return settled
  }
}
