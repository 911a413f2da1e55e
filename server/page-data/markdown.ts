import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'
import { memoizeText } from '../cache/text-memo.ts'
import { toUserContentNames } from './user-content-names.ts'

/** What written links and images become, in rich text and in whole documents. */
const ELEMENT_TRANSFORMS: Record<string, sanitizeHtml.Transformer> = {
  // Outbound links open in a new tab and pass no ranking or opener.
  a: (tagName, attribs) => {
    const href = attribs.href ?? ''
    const external = /^https?:/i.test(href)
    return {
      tagName,
      attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } : attribs,
    }
  },
  // An image without a text alternative is taken as decorative (alt=""), never left without one.
  img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' } }),
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'sup',
    'sub',
    'kbd',
    'mark',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'details',
    'summary',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    '*': ['id', 'class', 'lang', 'dir', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    td: ['colspan', 'rowspan', 'align'],
    input: ['type', 'checked', 'disabled'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    ...ELEMENT_TRANSFORMS,
    // After the tag's own transform: no written id or name is one the page's code looks up.
    '*': (tagName, attribs) => ({ tagName, attribs: toUserContentNames(attribs) }),
  },
}

/** Bounds of each of the two memos of `createMarkdown`. */
export interface MarkdownMemoOptions {
  /** Heap bytes of converted text kept (Chinese texts count double). */
  maxBytes: number
  /** Longer inputs are converted every time, never kept. */
  maxInputChars: number
}

/** 8 MiB each, as the server has always kept them. */
export const MARKDOWN_MEMO: MarkdownMemoOptions = { maxBytes: 8 * 1024 * 1024, maxInputChars: 512 * 1024 }

/** Upstream text made safe to put in a page. Runs on the server only. */
export interface Markdown {
  /** Markdown (from upstream, i.e. untrusted) → safe HTML. */
  renderMarkdown(markdown: string): string
  /** Untrusted HTML → safe HTML (scripts, handlers and javascript: URLs removed). */
  sanitizeRichText(html: string): string
}

/**
 * The server's markdown and rich-text conversion, built once per server (createServerDeps). Parsing
 * and sanitising are pure and cost more than the rest of an article page's data, while the same
 * upstream text comes back on every request: each distinct text is converted once, within `memo`.
 */
export function createMarkdown(memo: MarkdownMemoOptions = MARKDOWN_MEMO): Markdown {
  // GitHub-flavoured markdown, no raw-HTML trust (sanitised after).
  const marked = new Marked({ gfm: true, breaks: false, async: false })
  return {
    renderMarkdown: memoizeText((markdown) => sanitizeHtml(marked.parse(markdown) as string, SANITIZE_OPTIONS), memo),
    sanitizeRichText: memoizeText((html) => sanitizeHtml(html, SANITIZE_OPTIONS), memo),
  }
}

/** What a whole document may keep beyond rich text: its head (title, charset, viewport, styles) and layout elements. */
const DOCUMENT_OPTIONS: sanitizeHtml.IOptions = {
  ...SANITIZE_OPTIONS,
  allowedTags: [
    ...(SANITIZE_OPTIONS.allowedTags as string[]),
    'html',
    'head',
    'body',
    'title',
    'meta',
    'style',
    'main',
    'section',
    'article',
    'header',
    'footer',
    'nav',
    'aside',
    'small',
    'u',
    'abbr',
    'time',
    'picture',
    'source',
    'video',
  ],
  allowedAttributes: {
    ...(SANITIZE_OPTIONS.allowedAttributes as Record<string, string[]>),
    html: ['lang', 'dir'],
    meta: ['charset', 'name', 'content'],
    '*': ['id', 'class', 'lang', 'dir', 'align', 'style'],
    source: ['src', 'srcset', 'type', 'media'],
    video: ['src', 'poster', 'controls', 'width', 'height', 'muted', 'loop', 'playsinline'],
  },
  allowedSchemesByTag: { img: ['http', 'https', 'data'], source: ['http', 'https'], video: ['http', 'https'] },
  // Ids and names as written: the document is served alone, no script of the page's reads it, and
  // its own styles may select them.
  transformTags: ELEMENT_TRANSFORMS,
  // <style> is kept on purpose: CSS cannot run script, and the sanitiser's parser reads it as raw text.
  allowVulnerableTags: true,
}

/**
 * An untrusted whole HTML document (a pure_html page, SPEC §3) → the same document without scripts,
 * event handlers, frames or javascript: URLs; the head's title, charset, viewport and styles stay.
 */
export function sanitizeDocument(html: string): string {
  return `<!DOCTYPE html>\n${sanitizeHtml(html, DOCUMENT_OPTIONS).trim()}`
}
