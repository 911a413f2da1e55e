import type { RouteId } from '../../shared/routing/route-ids.ts'
import type { ServerLoader } from './loader-env.ts'
import { rootLoaders } from './root-loader.ts'
import { contentLoaders } from './content-loaders.ts'
import { resourceLoaders } from './resource-loaders.ts'
import { postLoaders } from './post-loaders.ts'
import { siteLoaders } from './site-loaders.ts'

/** The server loader of every route id; a missing id is a compile error. */
export const serverLoaders: Record<RouteId, ServerLoader> = {
  ...rootLoaders,
  ...contentLoaders,
  ...resourceLoaders,
  ...postLoaders,
  ...siteLoaders,
}
