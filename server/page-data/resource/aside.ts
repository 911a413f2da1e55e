import type { AsideData, AsideSection } from '../../../shared/data/resource-data.ts'
import { toAsideResource, toHotQuery, toTagLink } from '../../../shared/data/resource-views.ts'
import { ASIDE_KINDS, type SiteConfig } from '../../../shared/types.ts'
import { asideSchema, type Aside } from '../../upstream/schemas.ts'
import type { LoaderEnv } from '../loader-env.ts'

const EMPTY_ASIDE: AsideData = { search: [], hot: [], newest: [], res_tag: [], contact: null }

/**
 * The aside blocks a site shows, in its configured order: the visible entries of
 * `page_config.resource.aside_config.aside_list`, or every kind when the site configures none (SPEC §3).
 */
function asideSectionsOf(site: SiteConfig): AsideSection[] {
  const list = site.page_config.resource?.aside_config.aside_list
  if (list === undefined) return ASIDE_KINDS.map((kind) => ({ kind, label: '' }))
  const sections: AsideSection[] = []
  for (const entry of list) {
    if (entry.is_show !== 1 || sections.some((section) => section.kind === entry.value)) continue
    sections.push({ kind: entry.value, label: entry.label.trim() })
  }
  return sections
}

function toAsideData(aside: Aside): AsideData {
  return {
    search: (aside.search ?? []).map(toHotQuery),
    hot: (aside.hot ?? []).map((resource) => toAsideResource(resource, true)),
    newest: (aside.newest ?? []).map((resource) => toAsideResource(resource, false)),
    res_tag: (aside.res_tag ?? []).map(toTagLink),
    contact: aside.contact && (aside.contact.title || aside.contact.img || aside.contact.tips) ? aside.contact : null,
  }
}

/**
 * Starts loading the aside and returns the promise without waiting: the page shell streams first and
 * the aside follows (Suspense + Await on the page). No sections, no call.
 */
function loadAside(env: Pick<LoaderEnv, 'upstream'>, sections: AsideSection[]): Promise<AsideData> {
  if (sections.length === 0) return Promise.resolve(EMPTY_ASIDE)
  const kinds = sections.map((section) => section.kind)
  const aside = env.upstream.data('/v1/resource/aside', { kinds }, asideSchema).then(toAsideData)
  // The page's Await shows nothing on failure; this keeps a rejection that settles before anyone
  // awaits it from counting as unhandled in Node.
  aside.catch(() => {})
  return aside
}

/** The two aside fields of every resource page. */
export function deferredAside(env: Pick<LoaderEnv, 'upstream' | 'tenant'>): {
  asideSections: AsideSection[]
  aside: Promise<AsideData>
} {
  const asideSections = asideSectionsOf(env.tenant.site)
  return { asideSections, aside: loadAside(env, asideSections) }
}
