import type { ListBody, ListItemView } from '../../../../shared/data/content-data.ts'
import { pageCount } from '../../../../shared/rules/page-number.ts'
import { listPageConfigSchema, pageSummaryListSchema } from '../../../upstream/schemas.ts'
import type { LoaderEnv } from '../../loader-env.ts'
import { parsePageConfig } from '../page-config.ts'
import { routerPathOf } from '../../../../shared/routing/router-path.ts'
import { safeMediaUrl } from '../../../../shared/rules/safe-url.ts'

const PAGE_SIZE = 24

/**
 * A list page: the site's pages filtered by the configured group and/or page type, newest first, in
 * the configured style. Pages without a content route of their own are left out (nothing to link to).
 */
export async function shapeList(
  env: Pick<LoaderEnv, 'upstream'>,
  pageConfig: unknown,
  self: { pageId: string; page: number; pageBase: string | null },
): Promise<ListBody> {
  const config = parsePageConfig(listPageConfigSchema, pageConfig, 'list', env.upstream.derived)
  const filter = {
    ...(config.group_id ? { group_id: config.group_id } : {}),
    ...(config.page_type ? { page_type: config.page_type } : {}),
  }
  const reply = await env.upstream.data(
    '/v1/site_page/list',
    { filter, page: self.page, page_size: PAGE_SIZE, is_cache: 1 },
    pageSummaryListSchema,
  )
  const items = reply.rows.flatMap((row): ListItemView[] => {
    const routerPath = routerPathOf(row)
    if (routerPath === null || row.page_id === self.pageId) return []
    return [
      {
        title: row.title.trim() || row.page_path,
        description: row.description.trim(),
        cover: safeMediaUrl(row.cover),
        routerPath,
        updatedAt: row.updated_at,
      },
    ]
  })
  return {
    kind: 'list',
    style: config.style,
    items,
    page: self.page,
    pages: pageCount(reply.total, PAGE_SIZE),
    pageBase: self.pageBase,
  }
}
