import type { ContentPageData } from '../../data/content-data.ts'
import { CustomView } from './custom-view.tsx'
import { LandView } from './land-view.tsx'
import { ListView } from './list-view.tsx'
import { NavView } from './nav-view.tsx'
import { OutlineView } from './outline-view.tsx'
import { ResourceView } from './resource-view.tsx'
import { RssView } from './rss-view.tsx'
import { UgcPostView } from './ugc-post-view.tsx'

/**
 * Any content page, by the shape of its body. Pages with a banner of their own (land, resource) set
 * their h1 themselves, as does custom content that opens with one; the others get the page title.
 */
export function ContentView({ data }: { data: ContentPageData }) {
  const { body, page } = data
  if (body.kind === 'land') return <LandView body={body} title={page.title} />
  if (body.kind === 'resource') return <ResourceView body={body} title={page.title} hot={data.resourceHot} />
  const titled = body.kind === 'custom' && body.format === 'html' && body.hasOwnTitle
  return (
    <article className={`content-page content-page--${page.type}`} data-page-type={page.type}>
      {titled ? null : (
        <header className="content-header">
          <h1>{page.title}</h1>
        </header>
      )}
      <ContentBodyView data={data} />
    </article>
  )
}

function ContentBodyView({ data }: { data: ContentPageData }) {
  const { body } = data
  switch (body.kind) {
    case 'nav':
      return <NavView body={body} />
    case 'custom':
      return <CustomView body={body} />
    case 'rss':
      return <RssView body={body} hot={data.rssHot} />
    case 'list':
      return <ListView body={body} />
    case 'outline':
      return <OutlineView body={body} />
    case 'ugc_post':
      return <UgcPostView body={body} />
    case 'land':
    case 'resource':
      return null
  }
}
