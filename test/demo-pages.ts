/**
 * Every page kind of the three demo sites, successful and failed: host, path and expected status.
 * Custom pages of a text, script, style or data type are served as such, not as HTML, so they are
 * not here.
 */
export const DEMO_PAGES: [host: string, path: string, status: number][] = [
  ['res.localhost', '/', 200],
  ['res.localhost', '/en', 200],
  ['res.localhost', '/d/vlc-media-player', 200],
  ['res.localhost', '/s', 200],
  ['res.localhost', '/s?query=linux', 200],
  ['res.localhost', '/sa?query=nothing-matches-this', 200],
  ['res.localhost', '/rank', 200],
  ['res.localhost', '/rank_site', 200],
  ['res.localhost', '/rank_site/software', 200],
  ['res.localhost', '/rank_site/software/open-source', 200],
  ['res.localhost', '/res/hot', 200],
  ['res.localhost', '/res/new', 200],
  ['res.localhost', '/res/hot/software', 200],
  ['res.localhost', '/res/new/ebook', 200],
  ['res.localhost', '/res/new/ebook/1', 200],
  ['res.localhost', '/tags', 200],
  ['res.localhost', '/tags/open-source', 200],
  ['res.localhost', '/articles', 200],
  ['res.localhost', '/pcat/guide', 200],
  ['res.localhost', '/post-search-tips', 200],
  ['res.localhost', '/search/post?query=搜索', 200],
  ['res.localhost', '/c/about', 200],
  ['res.localhost', '/c/help/faq', 200],
  ['res.localhost', '/doc_guide', 200],
  ['res.localhost', '/sp/topics', 200],
  ['res.localhost', '/disclaimer', 200],
  ['res.localhost', '/announcement', 200],
  ['res.localhost', '/links', 200],
  ['res.localhost', '/feedback', 200],
  ['res.localhost', '/feedback/sub', 200],
  ['res.localhost', '/goto?url=https%3A%2F%2Fexample.com%2F', 200],
  ['res.localhost', '/goto?url=javascript%3Aalert(1)', 400],
  ['res.localhost', '/no/such/page', 404],
  ['res.localhost', '/d/no-such-resource', 404],
  ['res.localhost', '/404', 404],
  ['res.localhost', '/405', 405],
  ['res.localhost', '/500', 500],
  ['land.localhost', '/', 200],
  ['land.localhost', '/doc_handbook', 200],
  ['land.localhost', '/l/campaign/spring-sale', 200],
  ['land.localhost', '/sp/library', 200],
  ['land.localhost', '/ar', 200],
  ['land.localhost', '/l/home', 200],
  ['land.localhost', '/c/legal/privacy', 200],
  ['land.localhost', '/c/legal/terms', 200],
  ['land.localhost', '/c/press/launch-kit', 200],
  ['land.localhost', '/post', 200],
  ['land.localhost', '/pcat/guides', 200],
  ['land.localhost', '/post/p1001', 200],
  ['land.localhost', '/post-lumen-3', 200],
  ['land.localhost', '/search/post?query=sync', 200],
  ['land.localhost', '/s?query=lumen', 200],
  ['land.localhost', '/res/hot', 200],
  ['land.localhost', '/res/new/downloads', 200],
  ['land.localhost', '/d/lumen-macos', 200],
  ['land.localhost', '/announcement', 200],
  ['land.localhost', '/disclaimer', 200],
  ['land.localhost', '/links', 200],
  ['land.localhost', '/feedback', 200],
  ['land.localhost', '/no/such/page', 404],
  ['nav.localhost', '/', 200],
  ['nav.localhost', '/ai', 200],
  ['nav.localhost', '/nav/dev/frontend', 200],
  ['nav.localhost', '/sp/news', 200],
  ['nav.localhost', '/sa?query=ai', 200],
  ['nav.localhost', '/nav/tools', 200],
  ['nav.localhost', '/sp/collections', 200],
  ['nav.localhost', '/c/about', 200],
  ['nav.localhost', '/c/guide/submit', 200],
  ['nav.localhost', '/post', 200],
  ['nav.localhost', '/pcat/reviews', 200],
  ['nav.localhost', '/post-ai-chat-compare', 200],
  ['nav.localhost', '/search/post?query=AI', 200],
  ['nav.localhost', '/res_tags', 200],
  ['nav.localhost', '/res_tags/ai', 200],
  ['nav.localhost', '/d/ai-prompt-pack', 200],
  ['nav.localhost', '/announcement', 200],
  ['nav.localhost', '/disclaimer', 200],
  ['nav.localhost', '/links', 200],
  ['nav.localhost', '/feedback', 200],
  ['nav.localhost', '/en', 200],
  ['nav.localhost', '/no/such/page', 404],
]

const LANGUAGE_COOKIE: Record<string, string> = {
  'res.localhost': 'lang=zh',
  'land.localhost': 'lang=en',
  'nav.localhost': 'lang=zh-TW',
}

/**
 * The language cookie of a returning visitor of `path`: the page is rendered, not redirected to the
 * visitor's language (`/ar` and `/en` are that language's home).
 */
export function demoVisitorCookie(host: string, path: string): string {
  if (path === '/ar') return 'lang=ar'
  if (path === '/en') return 'lang=en'
  return LANGUAGE_COOKIE[host] ?? ''
}

/** Each demo site's own default language, as a browser's: the first-visit language redirect stays out of the way. */
export const DEMO_BROWSER_LOCALES: Readonly<Record<string, string>> = {
  'land.localhost': 'en-US',
  'nav.localhost': 'zh-TW',
  'res.localhost': 'zh-CN',
}
