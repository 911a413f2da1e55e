import type { ReactNode } from 'react'
import { SearchForm } from '../../components/search-form.tsx'

/**
 * The big search box of the search-mode home and resource pages. Without script it submits to the
 * site's search address (`query` parameter, SPEC §2); with script it navigates client-side.
 */
export function SearchHero({
  heading,
  lead,
  placeholder,
  children,
}: {
  heading: string
  lead?: string
  placeholder: string
  children?: ReactNode
}) {
  return (
    <section className="content-hero" aria-labelledby="content-hero-heading">
      <h1 id="content-hero-heading">{heading}</h1>
      {lead ? <p className="content-hero__lead">{lead}</p> : null}
      <SearchForm className="content-hero__search" buttonClassName="button" placeholder={placeholder} required />
      {children}
    </section>
  )
}
