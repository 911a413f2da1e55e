import type { HrefLang } from '../../shared/data/page-head.ts'
import type { PageUrls } from '../../shared/seo/build-page-head.ts'
import type { Lang } from '../../shared/types.ts'
import type { Tenant } from '../tenant/tenant.ts'

/**
 * The absolute address of a router path in the page language, and the same path in every enabled
 * language with `x-default` naming the default language's address (hreflang must be reciprocal:
 * every language version lists the same set). A site with one language has no alternates.
 */
export function pageUrls(
  tenant: Pick<Tenant, 'languages' | 'defaultLanguage' | 'address'>,
  language: Lang,
  origin: string,
  routerPath: string,
): PageUrls {
  const url = (lang: Lang) => origin + tenant.address(lang)(routerPath)
  const canonical = url(language)
  if (tenant.languages.length < 2) return { canonical, alternates: [] }
  const alternates: HrefLang[] = tenant.languages.map((lang) => ({
    hreflang: lang,
    href: lang === language ? canonical : url(lang),
  }))
  alternates.push({ hreflang: 'x-default', href: url(tenant.defaultLanguage) })
  return { canonical, alternates }
}
