import { escapeHtml, serializeForScript } from '../../shared/html/serialize.ts'
import { isRightToLeft } from '../../shared/i18n/language-names.ts'
import type { HeadTag } from '../../shared/data/page-head.ts'
import { renderHeadTags } from '../../shared/seo/head-tag.ts'
import type { StyleGroup } from '../../shared/styles/style-groups.ts'
import type { Lang } from '../../shared/types.ts'
import type { ClientManifest } from './manifest.ts'
import { FIRST_TAP_SCRIPT, SIGN_IN_FILES_ATTRIBUTE } from './first-tap-script.ts'

export interface DocumentParts {
  language: Lang
  /** The page's head tags (shared/seo/head-tags.ts): the same list the browser applies on navigation. */
  head: readonly HeadTag[]
  /** Page module chunk to preload (the route's lazy component). */
  page: string | undefined
  /** The content body's view module to preload with it (VIEW_MODULES), on content and home pages. */
  view?: string | undefined
  manifest: ClientManifest
  /** The page kind's stylesheets, `common` first (pageStyleGroups in shared/styles/style-groups.ts). */
  styles: readonly StyleGroup[]
  /** Small scripts to run before the body is parsed (in-app-browser marker, dismissed announcement). */
  headScripts?: string[]
  /**
   * The response's CSP nonce, for every script and style the head writes; none for a document
   * whose inline scripts are allowed by their hashes (docs/security.md "Pages a CDN may keep").
   */
  nonce?: string | undefined
}

/**
 * Everything before the React root. The head is plain strings, built from data computed before
 * rendering, so React renders only the page body and the status is fixed before the first byte.
 */
export function documentStart(parts: DocumentParts): string {
  const { manifest, language } = parts
  const nonce = parts.nonce === undefined ? '' : ` nonce="${escapeHtml(parts.nonce)}"`
  const dir = isRightToLeft(language) ? ' dir="rtl"' : ''
  let html = `<!DOCTYPE html><html lang="${escapeHtml(language)}"${dir}><head><meta charset="utf-8">`
  html += '<meta name="viewport" content="width=device-width, initial-scale=1">'
  // Inline before any stylesheet: they set classes on <html> that the first paint must see.
  for (const script of parts.headScripts ?? []) html += `<script${nonce}>${script.replaceAll('</', '<\\/')}</script>`
  html += renderHeadTags(parts.head, parts.nonce === undefined ? {} : { nonce: parts.nonce })
  // Inline, one element per sheet, marked with its group: no request blocks the first paint, and
  // the browser's style loader (client/style-sheets.ts) sees what the page already has.
  for (const group of parts.styles) html += `<style${nonce} data-styles="${group}">${manifest.styleText[group]}</style>`
  // Keeps the first tap on a control that needs the app until the app can answer it.
  html += `<script${nonce} ${SIGN_IN_FILES_ATTRIBUTE}="${escapeHtml(signInFiles(manifest, language).join(' '))}">${FIRST_TAP_SCRIPT}</script>`
  // The bundle is fetched and started once the page has loaded and painted (see startScript): the
  // page is readable, and its header works, from its HTML and inline styles, and its images get
  // the bandwidth first.
  html += `<script${nonce}>${startScript(manifest.entry.file, [...preloads(parts)])}</script>`
  html += '</head><body><div id="root">'
  return html
}

/**
 * Everything after the React root: the hydration data (escaped, see serialize.ts), then the site's
 * body code as bodyCodeHtml wrote it. The browser finds the root and the data by this place, the
 * data right after the root (client/page-elements.ts): nothing may come between them.
 */
export function documentEnd(hydration: unknown, bodyCode: string): string {
  return `</div><script id="__hydration" type="application/json">${serializeForScript(hydration)}</script>${bodyCode}</body></html>`
}

/** The site's code for the end of the body (`customize_code`), its scripts and styles with `nonce` if given. */
export function bodyCodeHtml(bodyCode: readonly HeadTag[], nonce: string | undefined): string {
  return renderHeadTags(bodyCode, nonce === undefined ? {} : { nonce })
}

/**
 * Once the page has loaded (its HTML and the images it shows at once) and the browser has painted
 * it, or START_AT_THE_LATEST_MS after the head was read should an image take longer, preloads the
 * entry's chunks and the page's in parallel (no import waterfall) and imports the entry.
 * Downloading, evaluating and hydrating take a phone on a slow network well over a second
 * that would otherwise compete with the page and its largest image: requesting the bundle from
 * the head instead doubled the landing page's simulated LCP (docs/before-scripts.md). Until then
 * the page works as plain HTML (links, forms, the header's native disclosures), and a tap on a
 * control that needs the app is kept (server/render/first-tap-script.ts). A hidden tab paints
 * nothing, so it starts at once. The entry is a module script element this script inserts: under
 * 'strict-dynamic' an inserted script is trusted whether this one was allowed by its nonce or by
 * its hash, where an `import()` from a script allowed by hash is refused. A bundle that fails to
 * load leaves the server's page as it is (the browser reports the failed request itself).
 */
/** An image that never finishes loading must not keep the page from becoming interactive. */
const START_AT_THE_LATEST_MS = 3000

function startScript(entry: string, chunks: readonly string[]): string {
  return `(function(){var n=document.currentScript.nonce,f=${JSON.stringify(chunks)};var s=function(){f.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;l.nonce=n;document.head.appendChild(l)});var e=document.createElement("script");e.type="module";e.src=${JSON.stringify(entry)};e.nonce=n;document.head.appendChild(e)};var d=0,p=function(){if(d)return;d=1;document.visibilityState==="hidden"?s():requestAnimationFrame(function(){setTimeout(s)})};if(document.readyState==="complete")p();else{addEventListener("load",p);setTimeout(p,${START_AT_THE_LATEST_MS})}})()`
}

/**
 * What the sign-in dialog needs in the page's language, for a tap kept before hydration to preload:
 * the entry (such a tap may come before the page has started it), the dialog's chunk, the account
 * session it opens with, the translator and the language's strings, each with what it imports, and
 * the dialog's stylesheet.
 */
function signInFiles(manifest: ClientManifest, language: Lang): string[] {
  const { dialog, translator, locales } = manifest.signIn
  const locale = locales[language]
  const session = manifest.lazy['account-session']
  const chunks = [dialog, translator, ...(session ? [session] : []), ...(locale ? [locale.page, locale.account] : [])]
  const files = new Set([manifest.entry.file, ...chunks.flatMap((chunk) => [chunk.file, ...chunk.imports])])
  return [...files, manifest.styles['account-dialog']]
}

/** The page language's strings are not among them: hydration reads the server's (client/deferred-locale.ts). */
function preloads({ manifest, page, view }: DocumentParts): Set<string> {
  const files = new Set(manifest.entry.imports)
  for (const chunk of [
    page === undefined ? undefined : manifest.pages[page],
    view === undefined ? undefined : manifest.views[view],
  ]) {
    if (chunk === undefined) continue
    files.add(chunk.file)
    for (const file of chunk.imports) files.add(file)
  }
  files.delete(manifest.entry.file)
  return files
}
