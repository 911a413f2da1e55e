import { useRef, useState } from 'react'
import { useLocation } from 'react-router'
import type { Lang } from '../types.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { createSiteAddress } from '../routing/site-address.ts'
import { LANGUAGE_NAMES } from '../i18n/language-names.ts'
import { useRootData } from './site-context.tsx'
import { useDismiss } from './use-dismiss.ts'

/**
 * Links to the same page in each enabled language. A language change reloads the document (the
 * router's base path and the interface strings change), so these are plain links.
 *
 * The control's accessible name starts with the language shown on it (WCAG 2.5.3, label in name),
 * followed by what it is for. Escape or a press elsewhere closes the list.
 */
export function LanguageSwitcher() {
  const { site, language } = useRootData()
  const { t } = useI18n()
  const location = useLocation()
  const details = useRef<HTMLDetailsElement>(null)
  const [open, setOpen] = useState(false)
  useDismiss(details, open, (reason) => {
    const element = details.current
    if (!element) return
    const hadFocus = element.contains(document.activeElement)
    element.open = false
    if (reason === 'escape' && hadFocus) element.querySelector('summary')?.focus()
  })
  if (site.languages.length < 2) return null
  const target = location.pathname + location.search
  return (
    <details ref={details} className="language-switcher" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {LANGUAGE_NAMES[language]}
        <span className="visually-hidden"> ({t('language')})</span>
      </summary>
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
