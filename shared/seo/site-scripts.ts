import type { HeadTag, PageHead, SiteHead } from '../data/page-head.ts'
import { HEAD_KEY_ATTRIBUTE, headTagKey } from './head-tag.ts'

/** The site's code, as the root data carries it. */
export type SiteCode = Pick<SiteHead, 'code' | 'pageCode'>

const HEAD_TAG_NAMES: readonly unknown[] = ['meta', 'link', 'script', 'style', 'noscript']

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isHeadTag(value: unknown): value is HeadTag {
  return (
    isRecord(value) &&
    HEAD_TAG_NAMES.includes(value.tag) &&
    isRecord(value.attrs) &&
    Object.values(value.attrs).every((attr) => typeof attr === 'string') &&
    (value.html === undefined || typeof value.html === 'string')
  )
}

const isHeadTags = (value: unknown): value is HeadTag[] => Array.isArray(value) && value.every(isHeadTag)

/**
 * The site's code from the root route's data (the server's SiteHead.code and pageCode), parsed:
 * which scripts a page of each type runs; an error when the data has no usable code.
 */
export function siteCodeOf(rootData: unknown): SiteCode {
  const head = isRecord(rootData) ? rootData.head : undefined
  if (!isRecord(head) || !isHeadTags(head.code) || !isRecord(head.pageCode)) {
    throw new Error('The page carries no usable site code')
  }
  const pageCode = head.pageCode
  if (!Object.values(pageCode).every(isHeadTags)) throw new Error('The page carries no usable site code')
  return { code: head.code, pageCode: pageCode as SiteCode['pageCode'] }
}

/** The keys of the managed elements of the document's head (head-tag.ts). */
export function headKeys(doc: Document): Set<string> {
  return new Set(
    Array.from(
      doc.head.querySelectorAll(`[${HEAD_KEY_ATTRIBUTE}]`),
      (element) => element.getAttribute(HEAD_KEY_ATTRIBUTE) ?? '',
    ),
  )
}

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
