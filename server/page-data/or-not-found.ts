import { notFound } from '../../shared/data/page-errors.ts'
import { UpstreamStatusError } from '../errors.ts'
import type { LoaderEnv } from './loader-env.ts'

/**
 * Runs an upstream read whose "no such thing" answer (envelope status 404, API.md) means this address
 * names nothing: that becomes the route 404 'Page Not Found: {path}'. Other failures propagate (→ 500).
 */
export async function orNotFound<T>(env: Pick<LoaderEnv, 'browserPath'>, read: Promise<T>): Promise<T> {
  try {
    return await read
  } catch (error) {
    if (error instanceof UpstreamStatusError && error.status === 404) throw notFound('invalid', env.browserPath)
    throw error
  }
}
