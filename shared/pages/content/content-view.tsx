import type { ComponentProps } from 'react'
import type { ContentPageData } from '../../data/content-data.ts'
import { useContentViews } from './content-views.ts'
import type { LandView } from './land-view.tsx'
import type { ResourceView } from './resource-view.tsx'

/**
 * Any content page, by the shape of its body. Pages with a banner of their own (land, resource) set
 * their h1 themselves, as does custom content that opens with one; the others get the page title.
 */
export function ContentView({ data }: { data: ContentPageData }) {
  const { body, page } = data
  if (body.kind === 'land') return <LandBody body={body} title={page.title} />
  if (body.kind === 'resource') return <ResourceBody body={body} title={page.title} hot={data.resourceHot} />
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
  const views = useContentViews()
  switch (body.kind) {
    case 'nav': {
      const { NavView } = views.read('nav')
      return <NavView body={body} />
    }
    case 'custom': {
      const { CustomView } = views.read('custom')
      return <CustomView body={body} />
    }
    case 'rss': {
      const { RssView } = views.read('rss')
      return <RssView body={body} hot={data.rssHot} />
    }
    case 'list': {
      const { ListView } = views.read('list')
      return <ListView body={body} />
    }
    case 'outline': {
      const { OutlineView } = views.read('outline')
      return <OutlineView body={body} />
    }
    case 'ugc_post': {
      const { UgcPostView } = views.read('ugc_post')
      return <UgcPostView body={body} />
    }
    case 'land':
    case 'resource':
      return null
  }
}

function LandBody(props: ComponentProps<typeof LandView>) {
  const View = useContentViews().read('land').LandView
  return <View {...props} />
}

function ResourceBody(props: ComponentProps<typeof ResourceView>) {
  const View = useContentViews().read('resource').ResourceView
  return <View {...props} />
}
