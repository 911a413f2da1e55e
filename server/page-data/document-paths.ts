import { findShowPath } from '../../shared/rules/show-path.ts'
import type { MenuLink } from '../../shared/data/public-site.ts'
import { customPageConfigSchema } from '../upstream/schemas.ts'
import type { LoaderEnv } from './loader-env.ts'

/** Content types a custom page is served as (a file, a whole document) rather than shown in the site's frame. */
const DOCUMENT_TYPES: ReadonlySet<string> = new Set(['txt', 'js', 'json', 'css', 'xml', 'pure_html'])
const CUSTOM_ROUTE = /^\/c\/(?:([^/?#]+)\/)?([^/?#]+)$/

/**
 * The menu and footer links (router paths) that lead to custom pages served as files or whole
 * documents: the browser must load those as documents, not as client-side pages. Only the site's
 * own menus are checked (a handful of cached page configs); any other link to such a page is still
 * turned into a document load by its payload.
 */
export async function documentPaths(env: Pick<LoaderEnv, 'upstream'>, menus: MenuLink[][]): Promise<string[]> {
  const candidates = new Set(menus.flatMap(flatten).map((url) => url.replace(/[?#].*$/, '')).filter((path) => CUSTOM_ROUTE.test(path)))
  if (candidates.size === 0) return []
  try {
    const rows = await env.upstream.showPaths()
    const found = await Promise.all(
      [...candidates].map(async (path) => {
        const [, group = '', page = ''] = CUSTOM_ROUTE.exec(path) ?? []
        const row = findShowPath(rows, { prefix: '/c', groupPath: safeDecode(group), pagePath: safeDecode(page) })
        if (row === undefined) return null
        const config = await env.upstream.page({ groupPath: row.group_path, pagePath: row.page_path })
        const parsed = customPageConfigSchema.safeParse(config?.page_config)
        return parsed.success && DOCUMENT_TYPES.has(parsed.data.content_type) ? path : null
      }),
    )
    return found.filter((path) => path !== null)
  } catch {
    // Links then navigate client-side and the payload asks for a document load: slower, still right.
    return []
  }
}

function flatten(items: MenuLink[]): string[] {
  return items.flatMap((item) => [item.url, ...flatten(item.children ?? [])])
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
