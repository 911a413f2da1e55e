import type { RootData } from '../../shared/data/page-head.ts'
import type { RouteId } from '../../shared/routing/route-ids.ts'
import { siteHeadOf } from '../seo/site-head.ts'
import type { ServerLoader } from './loader-env.ts'
import { loadMain } from './promo-loader.ts'

const root: ServerLoader = async (env) => {
  const data: RootData = { site: env.tenant.browserSite, language: env.language, head: siteHeadOf(env) }
  return data
}

// The pathless 'main' route hosts the page error boundary and carries the section's promos.
const main: ServerLoader = loadMain

export const rootLoaders = { root, main } satisfies Partial<Record<RouteId, ServerLoader>>
