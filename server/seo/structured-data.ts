import type { JsonLd } from '../../shared/data/page-head.ts'
import { detailPath } from '../../shared/data/resource-data.ts'
import { breadcrumbLd, itemListLd, websiteLd } from '../../shared/seo/json-ld.ts'
import type { SeoEnv } from './seo-env.ts'

type Env = Pick<SeoEnv, 'absoluteUrl' | 't' | 'tenant'>

/** BreadcrumbList from the home page through `steps` ([name, router path]) to the page itself. */
export function trailLd(env: Env, steps: readonly (readonly [string, string])[]): JsonLd | null {
  return breadcrumbLd(
    [[env.t('home'), '/'] as const, ...steps].map(([name, path]) => ({ name, url: env.absoluteUrl(path) })),
  )
}

/** One entry a list page shows: its name and the router path it links to (null: named only). */
export interface ListEntry {
  name: string
  path: string | null
}

/**
 * ItemList of the entries a list page shows, in their order, each with its absolute address: the one
 * builder of rankings, resource, tag, post, category and `list` pages.
 */
export function listLd(env: Env, entries: readonly ListEntry[]): JsonLd | null {
  return itemListLd(
    entries.map((entry) => ({ name: entry.name, url: entry.path === null ? null : env.absoluteUrl(entry.path) })),
  )
}

/** ItemList of resources, each linking to its detail page. */
export function resourceListLd(env: Env, rows: readonly { title: string; seo_title: string }[]): JsonLd | null {
  return listLd(
    env,
    rows.map((row) => ({ name: row.title, path: row.seo_title ? detailPath(row.seo_title) : null })),
  )
}

/** WebSite with its search action (the site's own search route) for the home page. */
export function websiteOf(env: Env): JsonLd {
  const search = env.absoluteUrl('/s')
  return websiteLd({
    name: env.tenant.site.base_info.app_name,
    url: env.absoluteUrl('/'),
    searchUrl: `${search}?query={search_term_string}`,
  })
}
