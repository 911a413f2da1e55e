import type { Lang } from '../types.ts'
import { toBrowserSegments } from './segment-forms.ts'
import { toBrowserPath } from '../rules/path-mapping.ts'
import { isSitePath } from '../rules/safe-url.ts'

/** What turns router paths into the addresses a site shows (computed once per tenant and language). */
export interface SiteAddressOptions {
  language: Lang
  defaultLanguage: Lang
  searchRoute: string
  pathMapping: { from: string; to: string }[]
}

/**
 * Returns `href(routerPath)`: the browser address of a router path (query and hash kept), with the
 * spec's segment forms, the site's path mapping and the language prefix applied (SPEC §1, §2).
 * External and non-path links pass through untouched.
 */
export function createSiteAddress(options: SiteAddressOptions): (to: string) => string {
  const prefix = options.language === options.defaultLanguage ? '' : `/${options.language}`
  return (to) => {
    if (!isSitePath(to)) return to
    const cut = firstIndexOf(to, '?', '#')
    const path = cut === -1 ? to : to.slice(0, cut)
    const tail = cut === -1 ? '' : to.slice(cut)
    const browserPath = toBrowserPath(toBrowserSegments(path, options.searchRoute), options.pathMapping)
    if (prefix === '') return browserPath + tail
    return (browserPath === '/' ? prefix : prefix + browserPath) + tail
  }
}

function firstIndexOf(text: string, a: string, b: string): number {
  const i = text.indexOf(a)
  const j = text.indexOf(b)
  if (i === -1) return j
  if (j === -1) return i
  return Math.min(i, j)
}
