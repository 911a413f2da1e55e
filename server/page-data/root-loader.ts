import type { RootData } from '../../shared/data/page-head.ts'
import type { RouteId } from '../../shared/routing/route-ids.ts'
import type { ServerLoader } from './loader-env.ts'
import { loadMain } from './promo-loader.ts'

const root: ServerLoader = async ({ tenant, language }) => {
  const data: RootData = { site: tenant.publicSite, language }
  return data
}

// The pathless 'main' route hosts the page error boundary and carries the section's promos.
const main: ServerLoader = loadMain

export const rootLoaders = { root, main } satisfies Partial<Record<RouteId, ServerLoader>>
