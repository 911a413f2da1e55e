import type { ReactNode } from 'react'
import { useSearchForm } from '../../components/use-search-form.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'

/**
 * The big search box of the search-mode home and resource pages. Without script it submits to the
 * site's search address (`query` parameter, SPEC §2); with script it navigates client-side.
 */
export function SearchHero({ heading, lead, placeholder, children }: { heading: string; lead?: string; placeholder: string; children?: ReactNode }) {
  const { t } = useI18n()
  const form = useSearchForm()
  return (
    <section className="content-hero" aria-labelledby="content-hero-heading">
      <h1 id="content-hero-heading">{heading}</h1>
      {lead ? <p className="content-hero__lead">{lead}</p> : null}
      <form className="content-hero__search" role="search" action={form.action} method="get" onSubmit={form.onSubmit}>
        <input
          type="search"
          name="query"
          value={form.query}
          onChange={(event) => form.onQueryChange(event.target.value)}
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
