import type { ReactNode } from 'react'
import { SiteLink } from '../../components/site-link.tsx'

/**
 * A link to a target that the loader already checked (same-origin path, in-page `#anchor`, http(s),
 * mailto or tel): in-site paths navigate client-side, anchors stay on the page, the rest open in a
 * new tab without passing the opener or ranking.
 */
export function AnyLink({
  to,
  className,
  children,
  label,
}: {
  to: string
  className?: string
  children: ReactNode
  label?: string
}) {
  if (to.startsWith('/'))
    return (
      <SiteLink to={to} className={className} aria-label={label}>
        {children}
      </SiteLink>
    )
  if (to.startsWith('#'))
    return (
      <a href={to} className={className} aria-label={label}>
        {children}
      </a>
    )
  const external = /^https?:/i.test(to)
  return (
    <a
      href={to}
      className={className}
      aria-label={label}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
    >
      {children}
    </a>
  )
}
