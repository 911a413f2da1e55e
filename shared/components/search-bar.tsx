import { useSearchParams } from 'react-router'
import { useI18n } from '../i18n/i18n-context.tsx'
import { useSearchForm } from './use-search-form.ts'

/** The header search box; submits to the site's search route with the `query` parameter (SPEC §2). */
export function SearchBar({ placeholder }: { placeholder: string }) {
  const { t } = useI18n()
  const [params] = useSearchParams()
  const form = useSearchForm(params.get('query') ?? '')
  return (
    <form className="search-bar" role="search" action={form.action} method="get" onSubmit={form.onSubmit}>
      <input
        type="search"
        name="query"
        value={form.query}
        onChange={(event) => form.onQueryChange(event.target.value)}
        placeholder={placeholder || t('searchPlaceholder')}
        aria-label={t('search')}
        maxLength={100}
      />
      <button type="submit">{t('search')}</button>
    </form>
  )
}
