import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, useLoaderData } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ContentBody, ContentPageData, SearchHomeData } from '../../data/content-data.ts'
import type { RootData } from '../../data/page-head.ts'
import type { PublicSite } from '../../data/public-site.ts'
import { I18nProvider } from '../../i18n/i18n-context.tsx'
import en from '../../i18n/locales/en.ts'
import { createLocale } from '../../i18n/locale.ts'
import { Component as HomePage } from '../home-page.tsx'
import { ContentViewsContext, createContentViews } from './content-views.ts'
import { ContentView } from './content-view.tsx'

const site: PublicSite = {
  name: 'Example',
  logo: '',
  description: 'An example',
  favicon: '',
  theme: 'day',
  languages: ['en'],
  defaultLanguage: 'en',
  pathMapping: [],
  searchRoute: 's',
  wxAvoid: { enabled: false, style: 0 },
  announcement: null,
  header: { enabled: true, logo: '', text: '', link: '/', menu: [], loginWays: [], googleClientId: '' },
  footer: { enabled: true, statement: '', links: [], friendshipLinks: [] },
  pendant: { enabled: false, list: [] },
  search: { enabled: true, placeholder: '' },
  imageOptimizer: false,
}

const views = createContentViews()

/** Renders a page component with the router and i18n context it expects, as the server would. */
async function render(data: unknown, Page: React.ComponentType): Promise<string> {
  const root: RootData = {
    site,
    language: 'en',
    head: {
      siteName: 'Example',
      favicon: '',
      image: '',
      imageAlt: '',
      locale: 'en_US',
      localeAlternates: [],
      feed: '',
      code: [],
      pageCode: {},
    },
  }
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: () => root,
      Component: Outlet,
      children: [{ id: 'page', index: true, loader: () => data, Component: Page }],
    },
  ])
  const context = await handler.query(new Request('http://example.test/'))
  if (context instanceof Response) throw new Error('unexpected response')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <I18nProvider locale={createLocale('en', en)}>
      <ContentViewsContext value={views}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ContentViewsContext>
    </I18nProvider>,
  )
}

function ContentRoute() {
  return <ContentView data={useLoaderData() as ContentPageData} />
}

function page(body: ContentBody, extra: Partial<ContentPageData> = {}): ContentPageData {
  return {
    kind: 'content',
    head: { title: 't', description: '', keywords: '', canonical: null },
    page: {
      id: 'p',
      type: body.kind === 'nav' ? body.variant : body.kind === 'custom' ? 'custom' : body.kind,
      title: 'The page',
      routerPath: '/x',
    },
    body,
    ...extra,
  }
}

describe('content views', () => {
  // renderToString cannot wait for a view's module to load.
  beforeAll(() => views.loadAll())

  it('renders nav groups as tabs of external site cards', async () => {
    const html = await render(
      page({
        kind: 'nav',
        variant: 'nav',
        intro: 'Hand-picked',
        groups: [
          {
            name: 'Dev',
            tabs: [
              {
                name: 'Editors',
                sites: [
                  {
                    title: 'Ed',
                    url: 'https://ed.example',
                    icon: null,
                    description: 'Edits',
                    tags: ['free'],
                    pricing: 'Free',
                  },
                ],
              },
              {
                name: 'Shells',
                sites: [{ title: 'Sh', url: null, icon: null, description: '', tags: [], pricing: null }],
              },
            ],
          },
        ],
      }),
      ContentRoute,
    )
    expect(html).toContain('<h1>The page</h1>')
    expect(html).toContain('role="tablist"')
    expect(html).toMatch(
      /<a class="content-site card card--interactive" href="https:\/\/ed.example" target="_blank" rel="noopener noreferrer nofollow">/,
    )
    expect(html).toMatch(/role="tabpanel"[^>]*hidden=""/)
  })

  it('injects only the sanitised html', async () => {
    const html = await render(
      page({ kind: 'custom', contentType: 'html', format: 'html', html: '<p>Safe</p>', hasOwnTitle: false }),
      ContentRoute,
    )
    expect(html).toContain('<p>Safe</p>')
    expect(html).toContain('<h1>The page</h1>')
    const titled = await render(
      page({ kind: 'custom', contentType: 'markdown', format: 'html', html: '<h1>Own</h1>', hasOwnTitle: true }),
      ContentRoute,
    )
    expect(titled).not.toContain('<h1>The page</h1>')
  })

  it('renders an outline with anchors per node', async () => {
    const html = await render(
      page({
        kind: 'outline',
        firstWithContent: 'install',
        tree: [{ id: 'install', title: 'Install', hasContent: true, children: [] }],
        sections: [{ id: 'install', title: 'Install', depth: 0, html: '<p>Run it</p>' }],
      }),
      ContentRoute,
    )
    expect(html).toMatch(/href="\/[^"]*#install"/)
    expect(html).toContain('id="install"')
    expect(html).toContain('<p>Run it</p>')
  })

  it('renders a landing page with a banner h1, codes, a faq and a labelled form', async () => {
    const html = await render(
      page({
        kind: 'land',
        theme: 1,
        bannerStyle: 0,
        modules: [
          {
            id: 'a',
            title: '',
            subtitle: '',
            type: 'product_overview',
            heading: 'Calm notes',
            description: 'Write',
            align: 'center',
            media: null,
            buttons: [
              { text: 'Try', url: '/l/try', type: 0, style: 1, popupImage: null },
              { text: 'Save', url: null, type: 3, style: 2, popupImage: null },
            ],
          },
          { id: 'b', title: '', subtitle: '', type: 'faq', items: [{ question: 'Free?', answer: 'Yes' }] },
          {
            id: 'c',
            title: '',
            subtitle: '',
            type: 'useful_code',
            items: [{ code: 'SPRING', description: '', expiresAt: 1_900_000_000 }],
          },
          {
            id: 'd',
            title: 'Contact',
            subtitle: '',
            type: 'form',
            formId: 'contact',
            resultPosition: 0,
            submitText: '',
            resultText: '',
            items: [
              { type: 'input', field: 'email', label: 'E-mail', required: 1 },
              { type: 'select', field: 'topic', label: 'Topic', options: [{ label: 'Sales', value: 'sales' }] },
            ],
          },
        ],
      }),
      ContentRoute,
    )
    expect(html).toContain('<h1>Calm notes</h1>')
    expect(html).toContain('<summary>Free?</summary>')
    expect(html).toContain('Frequently asked questions')
    expect(html).toContain('Expires')
    expect(html).toContain('<input type="hidden" name="form:id" value="contact"/>')
    expect(html).toContain('<form class="site-form land-form card" aria-busy="false" action="/" method="post">')
    expect(html).toMatch(/<label class="site-form__label" for="([^"]+)">E-mail.*<input type="email" id="\1"/)
    expect(html).toContain('popover="auto"')
  })

  it('renders the search home with its lists and category links', async () => {
    const data: SearchHomeData = {
      kind: 'search-home',
      head: { title: 't', description: '', keywords: '', canonical: null },
      siteName: 'Example',
      description: 'Find things',
      placeholder: '',
      hot: [
        {
          seoTitle: 'a-b',
          title: 'A B',
          description: '',
          image: null,
          category: null,
          viewCount: 1,
          updatedAt: 1_700_000_000,
        },
      ],
      newest: [],
      categories: [{ key: 'books', name: 'Books', count: 2 }],
      hotSearches: [{ query: 'linux' }],
    }
    const html = await render(data, HomePage)
    expect(html).toContain('<h1 id="content-hero-heading">Example</h1>')
    expect(html).toContain('action="/s"')
    expect(html).toContain('href="/d/a-b"')
    expect(html).toContain('href="/res/new/books"')
    expect(html).toContain('Nov 14, 2023')
  })
})
