import type { SiteLinkEntry } from '../../data/site-data.ts'
import { SiteImage } from '../../components/site-image.tsx'

/** One outbound link: logo (or its initial), name, description and the host it leads to. */
export function LinkCard({ link }: { link: SiteLinkEntry }) {
  return (
    <a className="card site-link-card" href={link.url} target="_blank" rel="noopener noreferrer nofollow">
      {link.logo ? (
        // The name is right next to the logo, so the image itself is decorative.
        <SiteImage className="site-link-card__logo" src={link.logo} preset="avatar" alt="" width={40} height={40} />
      ) : (
        <span className="site-link-card__logo site-link-card__logo--initial" aria-hidden="true">
          {Array.from(link.name)[0]?.toUpperCase() ?? '?'}
        </span>
      )}
      <span className="site-link-card__text">
        <span className="site-link-card__name" dir="auto">
          {link.name}
        </span>
        {link.description ? (
          <span className="site-link-card__description" dir="auto">
            {link.description}
          </span>
        ) : null}
        <span className="site-link-card__host">{link.host}</span>
      </span>
    </a>
  )
}
