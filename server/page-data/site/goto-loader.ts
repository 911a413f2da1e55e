import { badRequest } from '../../../shared/data/page-errors.ts'
import type { GotoPageData } from '../../../shared/data/site-data.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import type { ServerLoader } from '../loader-env.ts'
import { parseGotoTarget } from './goto-target.ts'

/** Seconds the interstitial waits before following the link. */
const GOTO_SECONDS = 5

/**
 * `/goto?url=…`: a short stop before leaving the site. Only safe absolute http(s) URLs get the page;
 * anything else is a 400, so the site never works as an open redirect to `javascript:` or the like.
 */
export const goto: ServerLoader = async (env) => {
  const target = parseGotoTarget(env.url.searchParams.get('url'))
  if (target === null) throw badRequest(env.t('invalidLink'))
  const data: GotoPageData = {
    kind: 'goto',
    url: target.url,
    host: target.host,
    seconds: GOTO_SECONDS,
    head: buildPageHead({
      site: env.tenant.site,
      fallbackTitle: env.t('leavingSite'),
      // Interstitials are not content: keep them out of indexes and pass no ranking on.
      urls: null,
      robots: 'noindex,nofollow',
    }),
  }
  return data
}
