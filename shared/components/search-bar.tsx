import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useI18n } from '../i18n/i18n-context.tsx'
import { useSiteHref } from './site-context.tsx'

/** The header search box; submits to the site's search route with the `query` parameter (SPEC §2). */
export function SearchBar({ placeholder }: { placeholder: string }) {
  const { t } = useI18n()
  const href = useSiteHref()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [query, setQuery] = useState(params.get('query') ?? '')
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = query.trim()
    if (trimmed === '') return
    navigate(`/s?query=${encodeURIComponent(trimmed)}`)
  }
  return (
    <form className="search-bar" role="search" action={href('/s')} method="get" onSubmit={onSubmit}>
      <input
        type="search"
        name="query"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={placeholder || t('searchPlaceholder')}
        aria-label={t('search')}
        maxLength={100}
      />
      <button type="submit">{t('search')}</button>
    </form>
  )
}
