import type { RootData } from '../../shared/data/page-head.ts'
import type { RouteId } from '../../shared/routing/route-ids.ts'
import { siteHeadOf } from '../seo/site-head.ts'
import { documentPaths } from './document-paths.ts'
import type { ServerLoader } from './loader-env.ts'
import { loadMain } from './promo-loader.ts'

const root: ServerLoader = async (env) => {
  const site = env.tenant.browserSite
  // Deferred, and for a document started once the page's own data is in: its upstream calls (show
  // paths, then the configs of the menus' custom pages) change no markup, so they must neither hold
  // back the shell nor slow the calls it waits for. Cached, it still settles before rendering.
  // Never rejects.
  const menus = [site.header.menu, site.footer.links]
  const data: RootData = { site, language: env.language, documentPaths: env.lowPriority(() => documentPaths(env, menus)), head: siteHeadOf(env) }
  return data
}

// The pathless 'main' route hosts the page error boundary and carries the section's promos.
const main: ServerLoader = loadMain

export const rootLoaders = { root, main } satisfies Partial<Record<RouteId, ServerLoader>>
