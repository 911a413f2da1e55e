import { useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useSiteHref } from '../../components/site-context.tsx'
import { useI18n } from '../../i18n/i18n-context.tsx'

/**
 * The big search box of the search-mode home and resource pages. Without script it submits to the
 * site's search address (`query` parameter, SPEC §2); with script it navigates client-side.
 */
export function SearchHero({ heading, lead, placeholder, children }: { heading: string; lead?: string; placeholder: string; children?: ReactNode }) {
  const { t } = useI18n()
  const href = useSiteHref()
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = query.trim()
    if (trimmed !== '') navigate(`/s?query=${encodeURIComponent(trimmed)}`)
  }
  return (
    <section className="content-hero" aria-labelledby="content-hero-heading">
      <h1 id="content-hero-heading">{heading}</h1>
      {lead ? <p className="content-hero__lead">{lead}</p> : null}
      <form className="content-hero__search" role="search" action={href('/s')} method="get" onSubmit={onSubmit}>
        <input
          type="search"
          name="query"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={placeholder || t('searchPlaceholder')}
          aria-label={t('search')}
          maxLength={100}
          required
        />
        <button type="submit" className="button">{t('search')}</button>
      </form>
      {children}
    </section>
  )
}
