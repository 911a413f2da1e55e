import type { HeadTag } from '../data/page-head.ts'
import { HEAD_KEY_ATTRIBUTE, headTagKey, isSafeAttributeName } from './head-tag.ts'

/**
 * Brings the document head in line with `tags` after a client navigation (browser only). Managed
 * elements carry their key (`data-h`): an element still wanted stays untouched (a site script is
 * never inserted, and so never run, twice), the others go, and missing ones are added. Elements
 * without a key (styles, module scripts, whatever site scripts add) are left alone.
 */
export function applyHeadTags(doc: Document, tags: readonly HeadTag[]): void {
  const wanted = new Map<string, Exclude<HeadTag, { tag: 'title' }>>()
  for (const tag of tags) {
    if (tag.tag === 'title') doc.title = tag.text
    else wanted.set(headTagKey(tag), tag)
  }
  for (const element of Array.from(doc.head.querySelectorAll(`[${HEAD_KEY_ATTRIBUTE}]`))) {
    const key = element.getAttribute(HEAD_KEY_ATTRIBUTE) ?? ''
    if (wanted.has(key)) wanted.delete(key)
    else element.remove()
  }
  const nonce = pageNonce(doc)
  for (const [key, tag] of wanted) doc.head.append(createElement(doc, tag, key, nonce))
}

function createElement(doc: Document, tag: Exclude<HeadTag, { tag: 'title' }>, key: string, nonce: string): Element {
  // createElement (not innerHTML) so that an inserted script runs, as it did on the first page.
  const element = doc.createElement(tag.tag)
  for (const [name, value] of Object.entries(tag.attrs)) {
    if (isSafeAttributeName(name)) element.setAttribute(name, value)
  }
  if (nonce && (tag.tag === 'script' || tag.tag === 'style')) (element as HTMLScriptElement).nonce = nonce
  if (tag.tag === 'script' || tag.tag === 'style') element.textContent = tag.html
  else if (tag.tag === 'noscript') element.innerHTML = tag.html
  element.setAttribute(HEAD_KEY_ATTRIBUTE, key)
  return element
}

/** The CSP nonce the server gave this page's scripts, for scripts added later. */
function pageNonce(doc: Document): string {
  return doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
}
