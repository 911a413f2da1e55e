import { useState, type FormEvent } from 'react'
import { useI18n } from '../i18n/i18n-context.tsx'
import { useSiteHref, useSiteNavigate } from './site-context.tsx'

interface SearchFormProps {
  className: string
  buttonClassName?: string
  placeholder: string
  initialQuery?: string
  required?: boolean
  /** Names the search landmark when a page has more than one. */
  label?: string
}

/**
 * A resource search form. Without script it submits to the site's search address with the `query`
 * parameter (SPEC §2); with script it navigates client-side. Used by the header and the home hero.
 */
export function SearchForm({
  className,
  buttonClassName,
  placeholder,
  initialQuery = '',
  required,
  label,
}: SearchFormProps) {
  const { t } = useI18n()
  const href = useSiteHref()
  const navigate = useSiteNavigate()
  const [query, setQuery] = useState(initialQuery)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = query.trim()
    if (trimmed !== '') navigate(`/s?query=${encodeURIComponent(trimmed)}`)
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is newer than the browsers the bundle targets (Safari 16.4, Chrome 111)
    <form className={className} role="search" aria-label={label} action={href('/s')} method="get" onSubmit={onSubmit}>
      <input
        type="search"
        name="query"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={placeholder || t('searchPlaceholder')}
        aria-label={t('search')}
        maxLength={100}
        required={required}
      />
      <button type="submit" className={buttonClassName}>
        {t('search')}
      </button>
    </form>
  )
}
