import type { PageHead } from '../../shared/data/page-head.ts'
import { isRightToLeft } from '../../shared/i18n/language-names.ts'
import type { Lang } from '../../shared/types.ts'
import type { ClientManifest } from './manifest.ts'
import { escapeHtml, serializeForScript } from './serialize.ts'

export interface DocumentParts {
  language: Lang
  head: PageHead
  favicon: string
  /** `<link rel="alternate" hreflang>` targets, absolute URLs. */
  alternates: { hreflang: string; href: string }[]
  /** Page module chunk to preload (the route's lazy component). */
  page: string | undefined
  manifest: ClientManifest
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
  const { head, manifest, language } = parts
  const nonce = `nonce="${escapeHtml(parts.nonce)}"`
  const dir = isRightToLeft(language) ? ' dir="rtl"' : ''
  let html = `<!DOCTYPE html><html lang="${escapeHtml(language)}"${dir}><head><meta charset="utf-8">`
  html += '<meta name="viewport" content="width=device-width, initial-scale=1">'
  // Inline before any stylesheet: they set classes on <html> that the first paint must see.
  for (const script of parts.headScripts ?? []) html += `<script ${nonce}>${script.replaceAll('</', '<\\/')}</script>`
  html += `<title>${escapeHtml(head.title)}</title>`
  html += `<meta name="description" content="${escapeHtml(head.description)}">`
  if (head.keywords) html += `<meta name="keywords" content="${escapeHtml(head.keywords)}">`
  if (head.robots) html += `<meta name="robots" content="${escapeHtml(head.robots)}">`
  if (head.canonical) html += `<link rel="canonical" href="${escapeHtml(head.canonical)}">`
  for (const alternate of parts.alternates) {
    html += `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}">`
  }
  if (parts.favicon) html += `<link rel="icon" href="${escapeHtml(parts.favicon)}">`
  for (const css of manifest.css) html += `<link rel="stylesheet" href="${css}">`
  // Before any bundle runs: zod's parsers must not feature-test `new Function`, which the
  // Content-Security-Policy refuses (a violation report per page). zod reads this global when it loads.
  html += `<script ${nonce}>globalThis.__zod_globalConfig={jitless:true}</script>`
  html += `<script type="module" src="${manifest.entry.file}" ${nonce}></script>`
  for (const file of preloads(parts)) html += `<link rel="modulepreload" href="${file}" ${nonce}>`
  html += '</head><body><div id="root">'
  return html
}

/** Everything after the React root: the hydration data (escaped, see serialize.ts). */
export function documentEnd(hydration: unknown): string {
  return `</div><script id="__hydration" type="application/json">${serializeForScript(hydration)}</script></body></html>`
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
