import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react'
import { withFragmentId } from '../routing/link-fragment.ts'
import { isSitePath, safeLinkTarget } from '../rules/safe-url.ts'
import { usePrefetch, useSiteHref, useSiteNavigate } from './site-context.tsx'

interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A router path (see shared/routes.tsx), with optional query and hash. */
  to: string
  children: ReactNode
}

/**
 * An in-site link. The href is the address the visitor sees (computed the same way on the server
 * and in the browser, so hydration matches); a plain click navigates client-side, hovering or
 * focusing prefetches the target's payload. A page the browser must load as a document (a custom
 * page served as a file or as the whole document its site wrote) is told so by its payload, and the
 * router then loads it as one: which pages those are is known only from their configs, which a page
 * linking to them does not load.
 */
export function SiteLink({ to, children, onClick, onMouseEnter, onFocus, target, ...rest }: SiteLinkProps) {
  const href = useSiteHref()(to)
  const prefetch = usePrefetch()
  const navigate = useSiteNavigate()
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (isPlainClick(event, target)) {
          event.preventDefault()
          navigate(to)
        }
      }}
      onMouseEnter={(event) => {
        onMouseEnter?.(event)
        prefetch(to)
      }}
      onFocus={(event) => {
        onFocus?.(event)
        prefetch(to)
      }}
    >
      {children}
    </a>
  )
}

/** A left click without modifier keys on a link that opens in this tab: the router takes it. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  )
}

/**
 * A link from site config: in-site paths become SiteLinks, safe outbound targets (shared/rules/safe-url.ts)
 * a plain external link, anything else an inert one.
 */
export function ConfigLink({
  url,
  children,
  ...rest
}: { url: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'>) {
  const target = safeLinkTarget(url)
  if (target !== null && isSitePath(target))
    return (
      <SiteLink {...rest} to={withFragmentId(target)}>
        {children}
      </SiteLink>
    )
  if (target === null || target.startsWith('#'))
    return (
      <a {...rest} href={target === null ? '#' : withFragmentId(target)}>
        {children}
      </a>
    )
  return (
    <a {...rest} href={target} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  )
}
