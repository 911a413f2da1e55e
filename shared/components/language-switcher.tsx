import { useLocation } from 'react-router'
import type { Lang } from '../types.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { createSiteAddress } from '../routing/site-address.ts'
import { LANGUAGE_NAMES } from '../i18n/language-names.ts'
import { useRootData } from './site-context.tsx'

/**
 * Links to the same page in each enabled language. A language change reloads the document (the
 * router's base path and the interface strings change), so these are plain links.
 */
export function LanguageSwitcher() {
  const { site, language } = useRootData()
  const { t } = useI18n()
  const location = useLocation()
  if (site.languages.length < 2) return null
  const target = location.pathname + location.search
  return (
    <details className="language-switcher">
      <summary aria-label={t('language')}>{LANGUAGE_NAMES[language]}</summary>
      <ul>
        {site.languages.map((lang: Lang) => {
          const href = createSiteAddress({ language: lang, defaultLanguage: site.defaultLanguage, searchRoute: site.searchRoute, pathMapping: site.pathMapping })(target)
          return (
            <li key={lang}>
              <a href={href} hrefLang={lang} lang={lang} aria-current={lang === language ? 'true' : undefined}>{LANGUAGE_NAMES[lang]}</a>
            </li>
          )
        })}
      </ul>
    </details>
  )
}
