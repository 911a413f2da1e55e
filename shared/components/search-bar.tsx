import { useSearchParams } from 'react-router'
import { SearchForm } from './search-form.tsx'

/** The header search box, prefilled with the current query. */
export function SearchBar({ placeholder }: { placeholder: string }) {
  const [params] = useSearchParams()
  return <SearchForm className="search-bar" placeholder={placeholder} initialQuery={params.get('query') ?? ''} />
}
