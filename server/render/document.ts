import { escapeHtml, serializeForScript } from '../../shared/html/serialize.ts'
import { isRightToLeft } from '../../shared/i18n/language-names.ts'
import { renderHeadTags, type HeadTag } from '../../shared/seo/head-tag.ts'
import type { StyleGroup } from '../../shared/styles/style-groups.ts'
import type { Lang } from '../../shared/types.ts'
import type { ClientManifest } from './manifest.ts'
import { FIRST_TAP_SCRIPT } from './first-tap-script.ts'

export interface DocumentParts {
  language: Lang
  /** The page's head tags (shared/seo/head-tags.ts): the same list the browser applies on navigation. */
  head: readonly HeadTag[]
  /** Page module chunk to preload (the route's lazy component). */
  page: string | undefined
  manifest: ClientManifest
  /** The page kind's stylesheets, `common` first (pageStyleGroups in shared/styles/style-groups.ts). */
  styles: readonly StyleGroup[]
  /** Small scripts to run before the body is parsed (in-app-browser marker, dismissed announcement). */
  headScripts?: string[]
  /** The response's CSP nonce (see securityHeaders). */
  nonce: string
}

/**
 * Everything before the React root. The head is plain strings, built from data computed before
 * rendering, so React renders only the page body and the status is fixed before the first byte.
 */
export function documentStart(parts: DocumentParts): string {
  const { manifest, language } = parts
  const nonce = `nonce="${escapeHtml(parts.nonce)}"`
  const dir = isRightToLeft(language) ? ' dir="rtl"' : ''
  let html = `<!DOCTYPE html><html lang="${escapeHtml(language)}"${dir}><head><meta charset="utf-8">`
  html += '<meta name="viewport" content="width=device-width, initial-scale=1">'
  // Inline before any stylesheet: they set classes on <html> that the first paint must see.
  for (const script of parts.headScripts ?? []) html += `<script ${nonce}>${script.replaceAll('</', '<\\/')}</script>`
  html += renderHeadTags(parts.head, { nonce: parts.nonce })
  // Inline, one element per sheet, marked with its group: no request blocks the first paint, and
  // the browser's style loader (client/style-sheets.ts) sees what the page already has.
  for (const group of parts.styles) html += `<style ${nonce} data-styles="${group}">${manifest.styleText[group]}</style>`
  // Keeps the first tap on a control that needs the app until the app can answer it.
  html += `<script ${nonce}>${FIRST_TAP_SCRIPT}</script>`
  html += scriptTags(parts, nonce)
  html += '</head><body><div id="root">'
  return html
}

export interface DocumentEndOptions {
  /** Site code for the end of the body (`customize_code`), written after the page. */
  bodyCode?: readonly HeadTag[]
  /** The response's CSP nonce, for the site's inline scripts and styles. */
  nonce: string
}

/** Everything after the React root: the hydration data (escaped, see serialize.ts), then the site's body code. */
export function documentEnd(hydration: unknown, options: DocumentEndOptions): string {
  const code = options.bodyCode?.length ? renderHeadTags(options.bodyCode, { nonce: options.nonce }) : ''
  return `</div><script id="__hydration" type="application/json">${serializeForScript(hydration)}</script>${code}</body></html>`
}

/**
 * The bundle, requested while the head is read: a `modulepreload` for each chunk the first page
 * runs (the entry's, the page's and the locale's, so there is no import waterfall) and the entry
 * as an `async` module script. Neither blocks parsing or the first paint: the page is readable and
 * its header works from the HTML and inline styles alone, and the entry waits for the document
 * and a painted frame before it hydrates (client/entry-client.tsx). The chunks ask for a low
 * priority so the page's images keep the bandwidth they need first. They carry the nonce, which
 * the Content-Security-Policy asks of every script.
 */
function scriptTags(parts: DocumentParts, nonce: string): string {
  const entry = escapeHtml(parts.manifest.entry.file)
  let html = ''
  for (const file of preloads(parts)) html += `<link rel="modulepreload" href="${escapeHtml(file)}" fetchpriority="low" ${nonce}>`
  return html + `<script type="module" async src="${entry}" ${nonce}></script>`
}

function preloads({ manifest, page, language }: DocumentParts): Set<string> {
  const files = new Set(manifest.entry.imports)
  const locale = manifest.locales[language]
  if (locale) files.add(locale)
  const chunk = page === undefined ? undefined : manifest.pages[page]
  if (chunk) {
    files.add(chunk.file)
    for (const file of chunk.imports) files.add(file)
  }
  files.delete(manifest.entry.file)
  return files
}
