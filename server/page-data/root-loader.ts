import type { RootData } from '../../shared/data/page-head.ts'
import type { RouteId } from '../../shared/routing/route-ids.ts'
import { documentPaths } from './document-paths.ts'
import type { ServerLoader } from './loader-env.ts'
import { loadMain } from './promo-loader.ts'

const root: ServerLoader = async (env) => {
  const site = env.tenant.publicSite
  const data: RootData = { site, language: env.language, documentPaths: await documentPaths(env, [site.header.menu, site.footer.links]) }
  return data
}

// The pathless 'main' route hosts the page error boundary and carries the section's promos.
const main: ServerLoader = loadMain

export const rootLoaders = { root, main } satisfies Partial<Record<RouteId, ServerLoader>>
