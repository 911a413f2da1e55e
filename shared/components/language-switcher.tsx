import { useLocation } from 'react-router'
import type { Lang } from '../types.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { createSiteAddress } from '../routing/site-address.ts'
import { LANGUAGE_NAMES } from '../i18n/language-names.ts'
import { useRootData } from './site-context.tsx'
import { useDetails } from './use-details.ts'
import { useDismiss } from './use-dismiss.ts'

/**
 * Links to the same page in each enabled language. A language change reloads the document (the
 * router's base path and the interface strings change), so these are plain links.
 *
 * The control's accessible name starts with the language shown on it (WCAG 2.5.3, label in name),
 * followed by what it is for. A native disclosure, so the list opens before and without scripts;
 * once hydrated, Escape or a press elsewhere closes it.
 */
export function LanguageSwitcher() {
  const { site, language } = useRootData()
  const { t } = useI18n()
  const location = useLocation()
  const details = useDetails()
  useDismiss(details.ref, details.isOpen, (reason) => {
    const hadFocus = details.ref.current?.contains(document.activeElement) ?? false
    details.setOpen(false)
    if (reason === 'escape' && hadFocus) details.ref.current?.querySelector('summary')?.focus()
  })
  if (site.languages.length < 2) return null
  const target = location.pathname + location.search
  return (
    <details ref={details.ref} className="language-switcher">
      <summary>
        {LANGUAGE_NAMES[language]}
        <span className="visually-hidden"> ({t('language')})</span>
      </summary>
      <ul>
        {site.languages.map((lang: Lang) => {
          const href = createSiteAddress({
            language: lang,
            defaultLanguage: site.defaultLanguage,
            searchRoute: site.searchRoute,
            pathMapping: site.pathMapping,
          })(target)
          return (
            <li key={lang}>
              <a href={href} hrefLang={lang} lang={lang} aria-current={lang === language ? 'true' : undefined}>
                {LANGUAGE_NAMES[lang]}
              </a>
            </li>
          )
        })}
      </ul>
    </details>
  )
}
