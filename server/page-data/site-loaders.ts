import { data } from 'react-router'
import { notFound } from '../../shared/data/page-errors.ts'
import type { RouteId } from '../../shared/routing/route-ids.ts'
import type { ServerLoader } from './loader-env.ts'
import { feedback, feedbackForm, feedbackPage } from './site/feedback-loader.ts'
import { goto } from './site/goto-loader.ts'
import { links } from './site/links-loader.ts'
import { announcement, disclaimer } from './site/text-loaders.ts'

/**
 * A fixed status page (`/404`, `/405`, `/500`, SPEC §2): it answers with its own status and no
 * message of its own, so the page area's error boundary renders the status's heading and crawlers
 * never index it as content.
 */
function fixedPage(status: 404 | 405 | 500): ServerLoader {
  return async () => {
    throw data(null, { status })
  }
}

/** Loaders of the site-level pages: texts, links, outbound interstitial, feedback, status pages. */
export const siteLoaders = {
  disclaimer,
  announcement,
  links,
  goto,
  feedback,
  'feedback-sub': feedbackForm,
  'feedback-p': feedbackPage,
  'fixed-404': fixedPage(404),
  'fixed-405': fixedPage(405),
  'fixed-500': fixedPage(500),
  // The catch-all route: an address no route matches (SPEC §8 'Page not found: {path}').
  'not-found': async ({ browserPath }) => {
    throw notFound('unmatched', browserPath)
  },
} satisfies Partial<Record<RouteId, ServerLoader>>
