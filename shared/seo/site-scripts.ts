import type { HeadTag, PageHead, SiteHead } from '../data/page-head.ts'
import { headTagKey } from './head-tag.ts'

/** The site's code, as the root data carries it. */
export type SiteCode = Pick<SiteHead, 'code' | 'pageCode'>

/** The keys (`data-h`) of the script elements among `tags`. */
function scriptKeys(tags: readonly HeadTag[]): Set<string> {
  return new Set(tags.filter((tag) => tag.tag === 'script').map(headTagKey))
}

/** The site's code for pages of `pageType`; none for a name that is not a page type of the site. */
function pageCodeOf(site: SiteCode, pageType: string | undefined): readonly HeadTag[] {
  return pageType !== undefined && Object.hasOwn(site.pageCode, pageType)
    ? (site.pageCode[pageType as NonNullable<PageHead['pageType']>] ?? [])
    : []
}

/**
 * Whether a page of `pageType` runs other site scripts than the document holds (`present`: the
 * keys of its managed head elements). A client navigation never creates a script (the server writes
 * a site's scripts with their CSP hashes, the browser only what the server wrote, see
 * docs/security.md "Head tags on client navigation"): such a page is loaded as a whole document.
 */
export function siteScriptsDiffer(site: SiteCode, pageType: string | undefined, present: ReadonlySet<string>): boolean {
  const wanted = scriptKeys([...site.code, ...pageCodeOf(site, pageType)])
  const every = scriptKeys([...site.code, ...Object.values(site.pageCode).flatMap((tags) => tags ?? [])])
  for (const key of every) if (wanted.has(key) !== present.has(key)) return true
  return false
}
