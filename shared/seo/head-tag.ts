import type { HeadTag } from '../data/page-head.ts'
import { escapeHtml } from '../html/serialize.ts'

/** The attribute that marks (and names) the elements the browser manages. */
export const HEAD_KEY_ATTRIBUTE = 'data-h'

// Attribute names as HTML tokenises them, minus anything that could break out of the tag.
const ATTRIBUTE_NAME = /^[^\s"'<>/=\u0000-\u001F\u007F]+$/

/** True for a name that can be written as an attribute without quoting trouble. */
export function isSafeAttributeName(name: string): boolean {
  return ATTRIBUTE_NAME.test(name) && name.toLowerCase() !== HEAD_KEY_ATTRIBUTE
}

/**
 * A short identity of a tag (FNV-1a of its markup): the browser keeps an element whose key is still
 * wanted, so a site script is never inserted (and run) twice, and replaces the others.
 */
export function headTagKey(tag: HeadTag): string {
  const text = markup(tag, '')
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

export interface RenderHeadOptions {
  /** CSP nonce for inline `script` and `style` elements (never part of the key). */
  nonce?: string
}

/** The HTML of tags, each marked with its key (`data-h`). */
export function renderHeadTags(tags: readonly HeadTag[], options: RenderHeadOptions = {}): string {
  let html = ''
  for (const tag of tags) {
    if (tag.tag === 'title') {
      html += `<title>${escapeHtml(tag.text)}</title>`
      continue
    }
    const nonce =
      options.nonce && (tag.tag === 'script' || tag.tag === 'style') ? ` nonce="${escapeHtml(options.nonce)}"` : ''
    html += markup(tag, `${nonce} ${HEAD_KEY_ATTRIBUTE}="${headTagKey(tag)}"`)
  }
  return html
}

function markup(tag: HeadTag, extra: string): string {
  if (tag.tag === 'title') return `<title>${escapeHtml(tag.text)}</title>`
  let open = `<${tag.tag}`
  for (const [name, value] of Object.entries(tag.attrs)) {
    if (!isSafeAttributeName(name)) continue
    open += value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`
  }
  open += `${extra}>`
  if (!('html' in tag)) return open
  return `${open}${safeContent(tag.tag, tag.html)}</${tag.tag}>`
}

/** Content can never close its element early: a stray end tag is neutralised. */
function safeContent(tag: 'script' | 'style' | 'noscript', html: string): string {
  const end = new RegExp(`</(${tag})`, 'gi')
  return tag === 'noscript' ? html.replace(end, '&lt;/$1') : html.replace(end, '<\\/$1')
}
