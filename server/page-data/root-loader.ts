import type { RootData } from '../../shared/data/page-head.ts'
import type { RouteId } from '../../shared/routing/route-ids.ts'
import { siteHeadOf } from '../seo/site-head.ts'
import type { ServerLoader } from './loader-env.ts'

const root: ServerLoader = async (env) => {
  const data: RootData = { site: env.tenant.publicSite, language: env.language, head: siteHeadOf(env) }
  return data
}

// The pathless 'main' route only hosts the page error boundary; it has no data of its own.
const main: ServerLoader = async () => null

export const rootLoaders = { root, main } satisfies Partial<Record<RouteId, ServerLoader>>
