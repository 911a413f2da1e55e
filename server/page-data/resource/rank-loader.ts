import type { RankPlatform } from '../../../shared/content-types.ts'
import { notFound } from '../../../shared/data/page-errors.ts'
import { detailPath, rankPath, searchPath, type RankPageData } from '../../../shared/data/resource-data.ts'
import { toRankTabs } from '../../../shared/data/resource-views.ts'
import { listLd } from '../../seo/structured-data.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import { rankSchema } from '../../upstream/schemas.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { orNotFound } from '../or-not-found.ts'
import { deferredAside } from './aside.ts'
import { parseFilterKey } from './params.ts'

/** A route param that must be a key when present; a malformed one is a 404 without asking upstream. */
function keyParam(env: LoaderEnv, name: 'platform' | 'category' | 'tag'): string | null {
  const raw = env.params[name]
  if (raw === undefined) return null
  const key = parseFilterKey(raw)
  if (key === null) throw notFound('invalid', env.browserPath)
  return key
}

/**
 * `/rank`, `/rank_/:platform[/:category[/:tag]]`. Each key must name an entry of the upstream's
 * `platforms` tree (platform → its categories → their tags), else the address is a 404.
 */
export async function loadRankPage(env: LoaderEnv): Promise<RankPageData> {
  const platformKey = keyParam(env, 'platform')
  const categoryKey = keyParam(env, 'category')
  const tagKey = keyParam(env, 'tag')
  const aside = deferredAside(env)

  const body = {
    ...(platformKey ? { platform: platformKey } : {}),
    ...(categoryKey ? { category: categoryKey } : {}),
    ...(tagKey ? { tag: tagKey } : {}),
  }
  const { platforms, rows } = await orNotFound(env, env.upstream.data('/v1/resource/rank', body, rankSchema))
  const { platform, category, tag } = selectedEntries(env, platforms, { platformKey, categoryKey, tagKey })

  const keys = [platformKey, categoryKey, tagKey].filter((key) => key !== null)
  const canonicalPath = keys.length === 0 ? '/rank' : rankPath(...keys)
  const head = buildPageHead({
    site: env.tenant.site,
    tdkKey: rankTdkKey(platform?.key),
    values: { rankPlatform: platform?.name ?? '', rankCategory: category?.name ?? '', rankTag: tag?.name ?? '' },
    fallbackTitle: [platform?.name, category?.name, tag?.name, env.t('rankings')].filter(Boolean).join(' · '),
    urls: env.pageUrls(canonicalPath),
    pageType: 'resource',
    jsonLd: [
      listLd(
        env,
        rows.map((row) => ({
          name: row.title,
          path: rowPath(row),
        })),
      ),
    ],
  })
  return {
    kind: 'rank',
    head,
    platforms: toRankTabs(platforms, platform?.key ?? null, category?.key ?? null),
    platform: platform?.key ?? null,
    category: category?.key ?? null,
    tag: tag?.key ?? null,
    rows,
    ...aside,
  }
}

/**
 * The platform, category and tag the address names, each looked up among its parent's; a key that
 * names none is a 404. Without a platform in the address the upstream ranks its first one, which
 * shows as selected.
 */
function selectedEntries(
  env: LoaderEnv,
  platforms: RankPlatform[],
  keys: { platformKey: string | null; categoryKey: string | null; tagKey: string | null },
) {
  const { platformKey, categoryKey, tagKey } = keys
  const platform = platformKey === null ? platforms[0] : platforms.find((p) => p.key === platformKey)
  if (platformKey !== null && platform === undefined) throw notFound('invalid', env.browserPath)
  const category = categoryKey === null ? undefined : platform?.categories.find((c) => c.key === categoryKey)
  if (categoryKey !== null && category === undefined) throw notFound('invalid', env.browserPath)
  const tag = tagKey === null ? undefined : category?.tags.find((t) => t.key === tagKey)
  if (tagKey !== null && tag === undefined) throw notFound('invalid', env.browserPath)
  return { platform, category, tag }
}

/** A ranked row's own page: its detail when it has one, else a search for it. */
function rowPath(row: { seo_title?: string; query?: string }): string | null {
  return row.seo_title ? detailPath(row.seo_title) : row.query ? searchPath(row.query) : null
}

/** The Douban platform ranks ratings, not searches: it has its own TDK entry (API.md `db_rank_page_config`). */
function rankTdkKey(platform: string | undefined): 'db_rank_page_config' | 'search_rank_page_config' {
  return platform === 'db' || platform === 'douban' ? 'db_rank_page_config' : 'search_rank_page_config'
}
