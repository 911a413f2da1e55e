import { parseDocument } from 'htmlparser2'
import type { ChildNode, Element } from 'domhandler'
import { escapeHtml } from '../../shared/html/serialize.ts'
import type { HeadTag } from '../../shared/data/page-head.ts'
import { headTagKey, isSafeAttributeName } from '../../shared/seo/head-tag.ts'
import { PAGE_TYPES, type PageType, type SiteConfig } from '../../shared/types.ts'

/** Where a snippet's elements go: the head, or the end of the body. */
type CodePlacement = 'head' | 'body'

/** The site's code, filtered and grouped by where it is written. */
export interface SiteCode {
  head: HeadTag[]
  body: HeadTag[]
  /** `global_config.customize_code[pageType]`: written in the head of pages of that type. */
  pages: Partial<Record<PageType, HeadTag[]>>
}

const TAKEN = new Set(['meta', 'link', 'script', 'noscript', 'style'])
// What a `noscript` may hold: in the head only metadata (HTML §4.12.2), in the body also text and a tracking image.
const NOSCRIPT_CHILDREN: Record<CodePlacement, ReadonlySet<string>> = {
  head: new Set(['meta', 'link', 'style']),
  body: new Set(['meta', 'link', 'style', 'img', '#text']),
}
const VOID = new Set(['meta', 'link', 'img'])
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href'])

/**
 * The elements a site's code snippets may add (API.md `customize_code`): `meta`, `link`, `script`,
 * `noscript` and `style`, found by a real HTML parser wherever they sit in a snippet. Their
 * attributes are kept except event handlers and `javascript:` URLs; everything else (text, comments,
 * iframes, images, forms) is dropped, so a snippet cannot break or deface the page. Site scripts run:
 * that is what the site owner asked for.
 */
export function extractCodeTags(snippets: readonly string[], placement: CodePlacement): HeadTag[] {
  const tags: HeadTag[] = []
  const seen = new Set<string>()
  for (const snippet of snippets) {
    for (const element of takenElements(parseDocument(snippet).children)) {
      const tag = toTag(element, placement)
      if (tag === null) continue
      const key = headTagKey(tag)
      if (!seen.has(key)) {
        seen.add(key)
        tags.push(tag)
      }
    }
  }
  return tags
}

/**
 * All code of a site: `seo_config.customize_code` (model 1 head, 2 end of body) and the enabled
 * `global_config.customize_code` entries (keys `head`, `body` or a page type). Parsed once per tenant
 * view (Tenant.siteCode), since a refreshed config is a new object.
 */
export function toSiteCode(site: SiteConfig): SiteCode {
  const head: string[] = []
  const body: string[] = []
  const pages: Partial<Record<PageType, string[]>> = {}
  const seo = site.seo_config.customize_code
  ;(seo.model === 2 ? body : head).push(...seo.data)
  for (const [key, entry] of Object.entries(site.page_config.global_config.customize_code ?? {})) {
    if (entry.is_enabled !== 1) continue
    if (key === 'head') head.push(...entry.data)
    else if (key === 'body') body.push(...entry.data)
    else if ((PAGE_TYPES as readonly string[]).includes(key))
      pages[key as PageType] = [...(pages[key as PageType] ?? []), ...entry.data]
  }
  return {
    head: extractCodeTags(head, 'head'),
    body: extractCodeTags(body, 'body'),
    pages: Object.fromEntries(Object.entries(pages).map(([type, data]) => [type, extractCodeTags(data, 'head')])),
  }
}

function* takenElements(nodes: readonly ChildNode[]): Generator<Element> {
  for (const node of nodes) {
    if (!isElement(node)) continue
    if (TAKEN.has(node.name)) yield node
    else yield* takenElements(node.children)
  }
}

function toTag(element: Element, placement: CodePlacement): HeadTag | null {
  const attrs = safeAttributes(element)
  switch (element.name) {
    case 'meta':
    case 'link':
      return Object.keys(attrs).length === 0 ? null : { tag: element.name, attrs }
    case 'script':
    case 'style': {
      const html = textOf(element)
      if (html.trim() === '' && !attrs.src) return null
      return { tag: element.name, attrs, html }
    }
    case 'noscript': {
      const html = element.children.map((child) => serializeAllowed(child, NOSCRIPT_CHILDREN[placement])).join('')
      return html.trim() === '' ? null : { tag: 'noscript', attrs, html }
    }
    default:
      return null
  }
}

/** Attributes minus event handlers, script URLs and names that could not be written back safely. */
function safeAttributes(element: Element): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(element.attribs)) {
    const lower = name.toLowerCase()
    if (!isSafeAttributeName(lower) || lower.startsWith('on')) continue
    if (
      URL_ATTRIBUTES.has(lower) &&
      /^\s*(javascript|vbscript|data:text\/html)/i.test(value.replace(/[\u0000-\u001F]/g, ''))
    )
      continue
    out[lower] = value
  }
  return out
}

function serializeAllowed(node: ChildNode, allowed: ReadonlySet<string>): string {
  // A message for visitors without scripts is fine in the body; the head may hold no text.
  if (node.type === 'text' && allowed.has('#text')) return escapeHtml(node.data)
  if (!isElement(node) || !allowed.has(node.name)) return ''
  let html = `<${node.name}`
  for (const [name, value] of Object.entries(safeAttributes(node))) html += ` ${name}="${escapeHtml(value)}"`
  if (node.name === 'img' && !('alt' in node.attribs)) html += ' alt=""'
  html += '>'
  if (VOID.has(node.name)) return html
  // Style text is raw in HTML: only its end tag needs neutralising.
  return `${html}${textOf(node).replace(/<\/style/gi, '<\\/style')}</${node.name}>`
}

function textOf(element: Element): string {
  return element.children
    .map((child) => ('data' in child && typeof child.data === 'string' && child.type === 'text' ? child.data : ''))
    .join('')
}

function isElement(node: ChildNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style'
}
