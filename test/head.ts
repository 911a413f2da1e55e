import { parseDocument, DomUtils } from 'htmlparser2'
import type { Element } from 'domhandler'

/** One element of a parsed document head. */
export interface HeadElement {
  name: string
  attrs: Record<string, string>
  text: string
}

/** A rendered page's head, read with a real HTML parser (attribute order and markup details do not matter). */
export interface ParsedHead {
  title: string
  elements: HeadElement[]
  /** Content of `<meta name=…>` or `<meta property=…>`. */
  meta(name: string): string | undefined
  metas(name: string): string[]
  canonical: string | undefined
  /** `<link rel="alternate" hreflang>` entries. */
  hreflang: { hreflang: string; href: string }[]
  /** Every JSON-LD block, parsed. */
  jsonLd: Record<string, unknown>[]
}

export function readHead(html: string): ParsedHead {
  const document = parseDocument(html)
  const head = DomUtils.findOne((element) => element.name === 'head', document.children)
  const elements: HeadElement[] = (head?.children ?? [])
    .filter((node): node is Element => node.type === 'tag' || node.type === 'script' || node.type === 'style')
    .map((element) => ({ name: element.name, attrs: { ...element.attribs }, text: DomUtils.textContent(element) }))
  const metas = (name: string) =>
    elements
      .filter((e) => e.name === 'meta' && (e.attrs.name === name || e.attrs.property === name))
      .map((e) => e.attrs.content ?? '')
  return {
    title: elements.find((e) => e.name === 'title')?.text ?? '',
    elements,
    meta: (name) => metas(name)[0],
    metas,
    canonical: elements.find((e) => e.name === 'link' && e.attrs.rel === 'canonical')?.attrs.href,
    hreflang: elements
      .filter((e) => e.name === 'link' && e.attrs.rel === 'alternate' && e.attrs.hreflang)
      .map((e) => ({ hreflang: e.attrs.hreflang!, href: e.attrs.href ?? '' })),
    jsonLd: elements
      .filter((e) => e.name === 'script' && e.attrs.type === 'application/ld+json')
      .map((e) => JSON.parse(e.text) as Record<string, unknown>),
  }
}
