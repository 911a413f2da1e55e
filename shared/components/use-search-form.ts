import { useState, type FormEvent } from 'react'
import { useSiteHref, useSiteNavigate } from './site-context.tsx'

/**
 * State and handlers of a resource search form. Without script the form submits to the site's
 * search address with the `query` parameter (SPEC §2); with script it navigates client-side.
 */
export function useSearchForm(initial = '') {
  const href = useSiteHref()
  const navigate = useSiteNavigate()
  const [query, setQuery] = useState(initial)
  return {
    action: href('/s'),
    query,
    onQueryChange: (value: string) => setQuery(value),
    onSubmit: (event: FormEvent) => {
      event.preventDefault()
      const trimmed = query.trim()
      if (trimmed !== '') navigate(`/s?query=${encodeURIComponent(trimmed)}`)
    },
  }
}
