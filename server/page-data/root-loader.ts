import type { RootData } from '../../shared/data/page-head.ts'
import type { RouteId } from '../../shared/routing/route-ids.ts'
import { siteHeadOf } from '../seo/site-head.ts'
import { documentPaths } from './document-paths.ts'
import type { ServerLoader } from './loader-env.ts'
import { loadMain } from './promo-loader.ts'

const root: ServerLoader = async (env) => {
  const site = env.tenant.publicSite
  // Deferred: its upstream calls (show paths, then the configs of the menus' custom pages) must not
  // hold back the shell, and it never rejects (a failure lists no paths).
  const data: RootData = { site, language: env.language, documentPaths: documentPaths(env, [site.header.menu, site.footer.links]), head: siteHeadOf(env) }
  return data
}

// The pathless 'main' route hosts the page error boundary and carries the section's promos.
const main: ServerLoader = loadMain

export const rootLoaders = { root, main } satisfies Partial<Record<RouteId, ServerLoader>>
