import type { SiteHead } from '../../shared/data/page-head.ts'
import type { Lang } from '../../shared/types.ts'
import { absoluteHttpUrl } from '../../shared/rules/safe-url.ts'
import type { SeoEnv } from './seo-env.ts'

// Open Graph locales are language_TERRITORY (docs/STANDARDS.md); the usual territory per language.
const OG_LOCALES: Record<Lang, string> = {
  zh: 'zh_CN',
  en: 'en_US',
  fr: 'fr_FR',
  'zh-TW': 'zh_TW',
  de: 'de_DE',
  ja: 'ja_JP',
  ko: 'ko_KR',
  ru: 'ru_RU',
  pt: 'pt_BR',
  it: 'it_IT',
  th: 'th_TH',
  id: 'id_ID',
  ms: 'ms_MY',
  vi: 'vi_VN',
  hi: 'hi_IN',
  nl: 'nl_NL',
  sv: 'sv_SE',
  tr: 'tr_TR',
  pl: 'pl_PL',
  fil: 'fil_PH',
  ar: 'ar_AR',
}

/** The router path of the post feed (served by server/routes/feed.ts, language prefix and mapping apply). */
export const FEED_PATH = '/post/feed.xml'

/** The site's part of every head in one language: name, icon, share image, locales, feed and code. */
export function siteHeadOf(env: Pick<SeoEnv, 'tenant' | 'language' | 'absoluteUrl'>): SiteHead {
  const { tenant, language } = env
  const site = tenant.site
  const code = tenant.siteCode()
  return {
    siteName: site.base_info.app_name,
    favicon: site.seo_config.favicon.trim(),
    image: absoluteHttpUrl(site.base_info.logo, env.absoluteUrl) ?? '',
    imageAlt: site.base_info.app_name,
    locale: OG_LOCALES[language],
    localeAlternates: tenant.languages.filter((lang) => lang !== language).map((lang) => OG_LOCALES[lang]),
    feed: env.absoluteUrl(FEED_PATH),
    code: code.head,
    pageCode: code.pages,
  }
}
