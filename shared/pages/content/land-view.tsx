import type { ReactNode } from 'react'
import type { LandBody, LandModuleView } from '../../data/content-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { LandButtons, LandMediaView } from './land-buttons.tsx'
import { LandForm } from './land-form.tsx'
import {
  LandCodes,
  LandComments,
  LandFaq,
  LandFeatures,
  LandGallery,
  LandPrices,
  LandSocial,
  LandSteps,
  LandVideo,
  LandVideoCarousel,
} from './land-sections.tsx'
import { PostCards } from './post-cards.tsx'

type Of<T extends LandModuleView['type']> = Extract<LandModuleView, { type: T }>

/**
 * A landing page: its modules in order, in the page's theme (0-2). The first module, when it is an
 * overview, is the banner (style 0 centred, 1 split) and carries the page's h1; otherwise the page
 * title is the h1.
 */
export function LandView({ body, title }: { body: LandBody; title: string }) {
  const first = body.modules[0]
  const bannerFirst = first !== undefined && isOverview(first) && first.heading !== ''
  const anchors = anchorsOf(body.modules)
  return (
    <div className={`land land--theme-${body.theme}`}>
      {bannerFirst ? null : <h1 className="land__title">{title}</h1>}
      {body.modules.map((module, index) => (
        <LandModule
          key={module.id}
          module={module}
          anchor={anchors.get(module.id)}
          banner={bannerFirst && index === 0 ? body.bannerStyle : null}
        />
      ))}
    </div>
  )
}

/**
 * Landing buttons and menus conventionally point at `#features`, `#pricing`, `#contact` and `#faq`:
 * the first module of each kind answers.
 */
const WELL_KNOWN_ANCHORS: Partial<Record<LandModuleView['type'], string>> = {
  superiority: 'features',
  superiority_image: 'features',
  price: 'pricing',
  form: 'contact',
  faq: 'faq',
}

function anchorsOf(modules: LandModuleView[]): Map<string, string> {
  const anchors = new Map<string, string>()
  const taken = new Set<string>()
  for (const module of modules) {
    const anchor = WELL_KNOWN_ANCHORS[module.type]
    if (anchor === undefined || taken.has(anchor)) continue
    taken.add(anchor)
    anchors.set(module.id, anchor)
  }
  return anchors
}

function isOverview(module: LandModuleView): module is Of<'product_overview' | 'product_image_overview'> {
  return module.type === 'product_overview' || module.type === 'product_image_overview'
}

/** Default headings for modules whose config names none. */
function useDefaultTitle(module: LandModuleView): string {
  const { t } = useI18n()
  switch (module.type) {
    case 'faq':
      return t('faq')
    case 'useful_code':
      return t('validCodes')
    case 'invalid_code':
      return t('expiredCodes')
    case 'posts':
      return t('posts')
    default:
      return ''
  }
}

function LandModule({
  module,
  banner,
  anchor,
}: {
  module: LandModuleView
  banner: 0 | 1 | null
  anchor: string | undefined
}) {
  const defaultTitle = useDefaultTitle(module)
  if (isOverview(module)) return <Overview module={module} banner={banner} />
  if (module.type === 'title') {
    // A section is a part named by its heading; without one it is only a box (HTML's outline).
    const Box = module.heading ? 'section' : 'div'
    return (
      <Box className={`land-module land-module--title land-align-${module.align}`} data-module={module.type}>
        {module.heading ? <h2>{module.heading}</h2> : null}
        {module.subheading ? <p className="land-module__subtitle">{module.subheading}</p> : null}
      </Box>
    )
  }
  const heading = module.title || defaultTitle
  const headingId = `land-${module.id}`
  const Box = heading ? 'section' : 'div'
  return (
    <Box
      id={anchor}
      className={`land-module land-module--${module.type}`}
      data-module={module.type}
      aria-labelledby={heading ? headingId : undefined}
    >
      {heading ? (
        <header className="land-module__header">
          <h2 id={headingId}>{heading}</h2>
          {module.subtitle ? <p className="land-module__subtitle">{module.subtitle}</p> : null}
        </header>
      ) : null}
      <ModuleContent module={module} />
    </Box>
  )
}

function ModuleContent({
  module,
}: {
  module: Exclude<LandModuleView, Of<'product_overview' | 'product_image_overview' | 'title'>>
}): ReactNode {
  switch (module.type) {
    case 'carousel':
    case 'image_list':
      return <LandGallery module={module} />
    case 'video':
      return <LandVideo video={module.video} />
    case 'video_introduce':
      return (
        <div className="land-split">
          <div className="land-split__text">
            {module.heading ? <h3>{module.heading}</h3> : null}
            {module.description ? <p className="muted">{module.description}</p> : null}
          </div>
          <LandVideo video={module.video} />
        </div>
      )
    case 'video_carousel':
      return <LandVideoCarousel items={module.items} />
    case 'step':
      return <LandSteps module={module} />
    case 'faq':
      return <LandFaq module={module} />
    case 'posts':
      return <PostCards posts={module.posts} />
    case 'social_media':
      return <LandSocial module={module} />
    case 'useful_code':
    case 'invalid_code':
      return <LandCodes module={module} />
    case 'superiority':
    case 'superiority_image':
      return <LandFeatures module={module} />
    case 'comment':
      return <LandComments module={module} />
    case 'price':
      return <LandPrices module={module} />
    case 'form':
      return <LandForm module={module} />
    case 'html':
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (server/page-data/content/land-modules.ts)
      return <div className="prose land-html" dangerouslySetInnerHTML={{ __html: module.html }} />
  }
}

/** product_overview (text over or beside media) and product_image_overview (image beside text). */
function Overview({
  module,
  banner,
}: {
  module: Of<'product_overview' | 'product_image_overview'>
  banner: 0 | 1 | null
}) {
  const Heading = banner === null ? 'h2' : 'h1'
  const layout = module.type === 'product_image_overview' || banner === 1 ? 'split' : 'stack'
  const classes = [
    'land-module',
    'land-overview',
    `land-overview--${layout}`,
    `land-align-${module.align}`,
    banner === null ? '' : `land-banner land-banner--style-${banner}`,
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <section className={classes} data-module={module.type}>
      <div className="land-overview__text">
        {module.title ? <p className="land-overview__eyebrow">{module.title}</p> : null}
        {module.heading ? <Heading>{module.heading}</Heading> : null}
        {module.subtitle ? <p className="land-module__subtitle">{module.subtitle}</p> : null}
        {module.description ? <p className="land-overview__description">{module.description}</p> : null}
        <LandButtons buttons={module.buttons} />
      </div>
      {module.media ? (
        <div className="land-overview__media">
          <LandMediaView media={module.media} alt={module.heading} priority={banner !== null} />
        </div>
      ) : null}
    </section>
  )
}
