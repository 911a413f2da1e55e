import type { HeadTag } from '../data/page-head.ts'
import { HEAD_KEY_ATTRIBUTE, headTagKey, isSafeAttributeName } from './head-tag.ts'

/**
 * Brings the document head in line with `tags` after a client navigation (browser only). Managed
 * elements carry their key (`data-h`): an element still wanted stays untouched, the others go, and
 * missing ones are added, except scripts: no script that could run is created here, whatever the
 * page's data says. The site's scripts are the server's to write, with their CSP hashes (a page
 * whose site scripts differ is loaded whole, see siteScriptsDiffer); the one script element made
 * here is a page's JSON-LD, a data block whose type this code sets, never its data
 * (docs/security.md "Head tags on client navigation"). Elements without a key (styles, module
 * scripts, whatever site scripts add) are left alone.
 */
export function applyHeadTags(doc: Document, tags: readonly HeadTag[]): void {
  const wanted = new Map<string, Exclude<HeadTag, { tag: 'title' }>>()
  for (const tag of tags) {
    if (tag.tag === 'title') doc.title = tag.text
    else wanted.set(headTagKey(tag), tag)
  }
  const present = new Set<string>()
  for (const element of Array.from(doc.head.querySelectorAll(`[${HEAD_KEY_ATTRIBUTE}]`))) {
    const key = element.getAttribute(HEAD_KEY_ATTRIBUTE) ?? ''
    if (wanted.has(key)) present.add(key)
    else element.remove()
  }
  const nonce = pageNonce(doc)
  for (const [key, tag] of wanted) {
    if (present.has(key)) continue
    if (tag.tag !== 'script') doc.head.append(createElement(doc, tag, key, nonce))
    else if (isJsonLd(tag)) doc.head.append(createJsonLd(doc, tag.html, key))
  }
}

/** A JSON-LD block as shared/seo/head-tags.ts writes one: its type, and no other attribute. */
function isJsonLd(tag: { attrs: Readonly<Record<string, string>> }): boolean {
  const names = Object.keys(tag.attrs)
  return names.length === 1 && tag.attrs.type === JSON_LD
}

const JSON_LD = 'application/ld+json'

/**
 * A data block: its type, a constant set before it is inserted, is none a browser runs (HTML
 * §4.12.1.1), so its text is never run, whatever it holds.
 */
function createJsonLd(doc: Document, text: string, key: string): Element {
  const element = doc.createElement('script')
  element.type = JSON_LD
  element.textContent = text
  element.setAttribute(HEAD_KEY_ATTRIBUTE, key)
  return element
}

function createElement(doc: Document, tag: Exclude<HeadTag, { tag: 'title' }>, key: string, nonce: string): Element {
  const element = doc.createElement(tag.tag)
  for (const [name, value] of Object.entries(tag.attrs)) {
    if (isSafeAttributeName(name)) element.setAttribute(name, value)
  }
  if (tag.tag === 'style') {
    if (nonce) (element as HTMLStyleElement).nonce = nonce
    element.textContent = tag.html
  } else if (tag.tag === 'noscript') {
    // With scripting on (it is: this runs), a noscript's content parses as text, never as elements.
    element.innerHTML = tag.html
  }
  element.setAttribute(HEAD_KEY_ATTRIBUTE, key)
  return element
}

/** The CSP nonce the server gave this page's scripts and styles, for styles added later. */
function pageNonce(doc: Document): string {
  return doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
}
