import { useEffect, useMemo } from 'react'
import { Outlet, useMatches, useNavigate } from 'react-router'
import type { PageDataBase } from '../data/page-head.ts'
import type { SiteBlocks } from '../data/public-site.ts'
import { createSiteAddress } from '../routing/site-address.ts'
import { SiteFooter } from '../components/site-footer.tsx'
import { SiteHeader } from './site-header.tsx'
import { SiteAddressContext, SiteNavigateContext, useRootData } from '../components/site-context.tsx'
import { HeadSync } from '../components/head-sync.tsx'
import { LoadingOverlay } from '../feedback/loading-overlay.tsx'
import { ScrollManager } from '../components/scroll-manager.tsx'
import { PromoPopup } from '../promo/promo-popup.tsx'
import { WechatScreen } from '../wechat/wechat-screen.tsx'
import { AnnouncementBar } from '../announcement/announcement-bar.tsx'
import { SitePendant } from '../components/site-pendant.tsx'
import { useI18n } from '../i18n/i18n-context.tsx'

/** The site frame: header, the matched page, footer. Content pages may bring their own blocks. */
export function RootLayout() {
  const { site, language } = useRootData()
  const href = useMemo(
    () =>
      createSiteAddress({
        language,
        defaultLanguage: site.defaultLanguage,
        searchRoute: site.searchRoute,
        pathMapping: site.pathMapping,
      }),
    [site, language],
  )
  const navigate = useNavigate()
  const navigateTo = useMemo(() => (to: string) => void navigate(to), [navigate])
  const blocks = usePageBlocks() ?? site
  useEffect(() => {
    // Marks the page interactive (for styles that need scripts, and for tests).
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <SiteAddressContext.Provider value={href}>
      <SiteNavigateContext.Provider value={navigateTo}>
        <HeadSync />
        <ScrollManager />
        <div className={`site theme-${site.theme}`}>
          <SkipLink />
          {site.announcement ? <AnnouncementBar content={site.announcement} /> : null}
          <SiteHeader header={blocks.header} search={blocks.search} />
          {/* Focusable from script only: the skip link moves focus here. */}
          <main id="content" className="site-main" tabIndex={-1}>
            <Outlet />
          </main>
          <SiteFooter footer={blocks.footer} />
          <SitePendant pendant={blocks.pendant} />
        </div>
        <PromoPopup />
        {site.wxAvoid.enabled ? <WechatScreen style={site.wxAvoid.style} /> : null}
        <LoadingOverlay />
      </SiteNavigateContext.Provider>
    </SiteAddressContext.Provider>
  )
}

/**
 * The first stop of the tab order. Following the link moves focus (not only the scroll position)
 * to the main content, so the next Tab continues there; without script the fragment does it.
 */
function SkipLink() {
  const { t } = useI18n()
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real link to #content that works without script; the handler also moves focus there
    <a
      className="skip-link"
      href="#content"
      onClick={(event) => {
        const main = document.querySelector<HTMLElement>('main#content')
        if (!main) return
        event.preventDefault()
        main.focus()
      }}
    >
      {t('skipToContent')}
    </a>
  )
}

/** The deepest page's merged blocks, when its page config customises them. */
function usePageBlocks(): SiteBlocks | undefined {
  const matches = useMatches()
  const leaf = matches[matches.length - 1]?.data as PageDataBase | undefined
  return leaf?.blocks
}
