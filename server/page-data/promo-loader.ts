import { routes } from '../../shared/routes.tsx'
import type { MainData } from '../../shared/promo/main-data.ts'
import { servablePromos, type PromoView } from '../../shared/promo/promo-rules.ts'
import { toPromoWebPath, toSectionSegments } from '../../shared/promo/promo-web-path.ts'
import type { Promo } from '../../shared/content-types.ts'
import { promoMapSchema } from '../upstream/schemas.ts'
import type { ServerLoader } from './loader-env.ts'

const PROMO_PATH = '/v1/site_surprise/web_get'

/** First segments of the page routes: a constant of the route table, which never changes. */
const SECTION_SEGMENTS: ReadonlySet<string> = toSectionSegments(pageRoutePaths())

function pageRoutePaths(): string[] {
  const main = routes[0]?.children?.find((route) => route.id === 'main')
  return (main?.children ?? []).map((route) => route.path ?? '').filter((path) => path !== '')
}

function toView(promo: Promo): PromoView {
  const { title, url, img_url, type, position, allowed_close, is_show, start_ts, end_ts } = promo
  return {
    title,
    description: promo.description ?? '',
    url,
    img_url,
    type,
    position,
    allowed_close,
    is_show,
    start_ts,
    end_ts,
  }
}

/**
 * The `main` route: the promos of the page's section (SPEC §3, §7), cached per tenant and
 * `web_path` with the other page data. A promo is an extra: when the call fails the page renders
 * without one. Only the ones the page may show while it is served are kept (servablePromos): the
 * browser then picks one by its own clock and the visitor's hidden records.
 */
export const loadMain: ServerLoader = async (env) => {
  const webPath = toPromoWebPath(env.url.pathname, env.tenant.searchRoute, SECTION_SEGMENTS)
  let promos: PromoView[] = []
  try {
    const map = await env.upstream.data(PROMO_PATH, { web_path: webPath, is_cache: 1 }, promoMapSchema)
    promos = servablePromos(Object.values(map), env.now(), env.pageLifetimeMs).map(toView)
  } catch {
    // No promo rather than no page: a broken promo call must never cost the visitor the page.
  }
  const data: MainData = { promos }
  return data
}
