import { useSearchParams } from 'react-router'
import { useI18n } from '../i18n/i18n-context.tsx'
import { SearchForm } from './search-form.tsx'

/** The header search box, prefilled with the current query. */
export function SearchBar({ placeholder }: { placeholder: string }) {
  const [params] = useSearchParams()
  const { t } = useI18n()
  // Named, so it stays distinct from a page's own search landmark.
  return (
    <SearchForm
      className="search-bar"
      label={t('search')}
      placeholder={placeholder}
      initialQuery={params.get('query') ?? ''}
    />
  )
}
