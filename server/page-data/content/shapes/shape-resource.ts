import type { ResourceBody, ResourceHotData } from '../../../../shared/data/content-data.ts'
import { resourcePageConfigSchema } from '../../../upstream/schemas.ts'
import type { LoaderEnv } from '../../loader-env.ts'
import { parsePageConfig } from '../page-config.ts'
import { loadResourceHot, loadResourceList } from '../resources.ts'

const SUMMARY_SIZE = 12

/**
 * A resource page. Mode 1 (search): a search box and a hot list of the configured kind (hot
 * searches or hot resources). Mode 2 (single page): a summary of the site's resources — its newest
 * ones in the configured style — beside the same hot list. The hot list streams after the shell.
 */
export async function shapeResource(
  env: Pick<LoaderEnv, 'upstream' | 'tenant'>,
  pageConfig: unknown,
): Promise<{ body: ResourceBody; hot: Promise<ResourceHotData> }> {
  const config = parsePageConfig(resourcePageConfigSchema, pageConfig, 'resource', env.upstream.derived)
  const hot = loadResourceHot(env, config.hot_kind === 1 ? ['search'] : ['hot'])
  const resources = config.mode === 2 ? (await loadResourceList(env, 'new', SUMMARY_SIZE)).cards : []
  const body: ResourceBody = {
    kind: 'resource',
    mode: config.mode,
    hotKind: config.hot_kind,
    style: config.style,
    description: env.tenant.site.base_info.description?.trim() ?? '',
    resources,
  }
  return { body, hot }
}
