import { notFound } from '../../../../shared/data/page-errors.ts'
import type { RssBody, RssColumnView, RssHotView } from '../../../../shared/data/content-data.ts'
import type { RssGroup } from '../../../../shared/content-types.ts'
import { rssGroupsSchema, rssHotSchema, rssPageConfigSchema } from '../../../upstream/schemas.ts'
import type { LoaderEnv } from '../../loader-env.ts'
import { parsePageConfig } from '../page-config.ts'
import { safeHttpUrl, safeMediaUrl } from '../../../../shared/rules/safe-url.ts'

/** Documents per source: a column on the overview, a full list when one source is selected. */
const OVERVIEW_DOCS = 10
const SOURCE_DOCS = 50
/** The upstream answers at most this many sources per call. */
const MAX_SOURCES = 30

export interface ShapedRss {
  body: RssBody
  hot: Promise<RssHotView[]>
}

/**
 * An RSS page: one column per configured source with its newest documents, plus the most clicked
 * items (streamed after the shell). `sourceId` (the extra segment of `/sp/:group/:path/:param`)
 * narrows the page to one of the page's own sources; any other value is a 404. `sourceBase` is the
 * router path such source addresses extend (null when the page has none: that route needs a group).
 */
export async function shapeRss(
  env: Pick<LoaderEnv, 'upstream' | 'browserPath' | 'now'>,
  pageConfig: unknown,
  pagePath: string,
  sourceId: string | null,
  sourceBase: string | null,
): Promise<ShapedRss> {
  const config = parsePageConfig(rssPageConfigSchema, pageConfig, 'rss', env.upstream.derived)
  const configured = config.rss_ids.length > 0 ? config.rss_ids : config.sources.map((source) => source.rss_id)
  const ids = [...new Set(configured)].slice(0, MAX_SOURCES)
  if (sourceId !== null && !ids.includes(sourceId)) throw notFound('invalid', env.browserPath)
  const wanted = sourceId === null ? ids : [sourceId]
  const hot = loadHot(env, pagePath)
  const groups =
    wanted.length === 0
      ? []
      : (
          await env.upstream.data(
            '/v1/site_page/rss/list',
            { rss_ids: wanted, page: 1, page_size: sourceId === null ? OVERVIEW_DOCS : SOURCE_DOCS },
            rssGroupsSchema,
          )
        ).rows
  const columns = wanted.flatMap((id) => {
    const group = groups.find((candidate) => candidate.rss_id === id)
    const source = config.sources.find((candidate) => candidate.rss_id === id)
    if (group === undefined && source === undefined) return []
    return [toColumn(id, group, source)]
  })
  return {
    body: {
      kind: 'rss',
      pagePath,
      columns,
      selectedSource: sourceId,
      sourceBase,
      readAt: Math.floor(env.now() / 1000),
    },
    hot,
  }
}

function toColumn(
  id: string,
  group: RssGroup | undefined,
  source: { rss_name: string; logo: string; description: string } | undefined,
): RssColumnView {
  return {
    id,
    name: (source?.rss_name || group?.rss_name || id).trim(),
    logo: safeMediaUrl(source?.logo),
    description: source?.description.trim() ?? '',
    total: group?.total ?? 0,
    docs: (group?.docs ?? [])
      .filter((doc) => doc.title.trim() !== '')
      .map((doc) => ({
        title: doc.title.trim(),
        link: safeHttpUrl(doc.link),
        publishedAt: doc.published_at,
        publishLabel: doc.published_at > 0 ? '' : doc.publish_str.trim(),
        summary: (doc.summary ?? '').trim(),
      })),
  }
}

/** The hot list; a failure shows nothing rather than failing the page (it is secondary). */
function loadHot(env: Pick<LoaderEnv, 'upstream'>, pagePath: string): Promise<RssHotView[]> {
  const hot = env.upstream.data('/v1/site_page/rss/list_hot', { page_path: pagePath }, rssHotSchema).then((reply) =>
    reply.rows.flatMap((row) => {
      const link = safeHttpUrl(row.link)
      return link && row.title.trim()
        ? [{ title: row.title.trim(), link, source: row.source.trim(), score: row.score }]
        : []
    }),
  )
  // Keeps an early rejection from counting as unhandled; the page's Await still sees it.
  hot.catch(() => {})
  return hot
}
