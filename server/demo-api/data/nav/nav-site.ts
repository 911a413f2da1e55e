import type { SiteConfig } from '../../../../shared/types.ts'
import type { Feedback, LinkGroup } from '../../../../shared/content-types.ts'
import type { DemoTenant } from '../../tenant.ts'
import { DAY, feedbackForm, tdkFor, withFeedbackForm, withCurrentYear } from '../common.ts'
import { NAV_GROUPS, navPages } from './nav-pages.ts'
import { navRssHot, navRssSources } from './nav-rss.ts'
import { buildResources } from '../resources.ts'
import { NAV_CATALOG, NAV_TAGS } from '../small-catalogs.ts'
import { buildPosts } from '../posts.ts'
import { NAV_POST_CATEGORIES, NAV_POSTS } from './nav-posts.ts'
import { icon, picture, qrPlaceholder } from '../media.ts'

const NAME = '拾光導航'

const site: SiteConfig = {
  site_id: 'site-nav',
  domain: 'nav.localhost',
  alias_domain: ['www.nav.localhost', 'ai.localhost'],
  base_info: {
    app_name: NAME,
    logo: icon('光', '#7c3aed'),
    description: '開發者、設計師與 AI 工具導航，每週人工檢查連結。',
    disclaimer: '本站僅提供外部網站連結與簡介，各網站內容與服務由其營運者負責。價格資訊以各網站公告為準。',
    announcement: { is_show: 1, content: '新增「AI 影音」分類：Runway、Suno、ElevenLabs 等工具已上架。' },
  },
  header_config: {
    is_enable: 1,
    enable_custom_header: 0,
    login_config: { login_ways: ['email', 'google'] },
    logo_config: { logo: icon('光', '#7c3aed'), text: NAME, link: '/' },
    google_config: { client_id: '000000000000-navdemo.apps.googleusercontent.com' },
    menu: [
      { name: '首頁', url: '/', is_show: 1 },
      { name: '常用工具', url: '/nav/tools', is_show: 1 },
      { name: '前端開發', url: '/nav/dev/frontend', is_show: 1 },
      {
        name: 'AI 工具',
        url: '/sp/ai-tools',
        is_show: 1,
        children: [
          { name: 'AI 對話', url: '/sp/ai-tools#AI 對話', is_show: 1 },
          { name: 'AI 繪圖', url: '/sp/ai-tools#AI 繪圖', is_show: 1 },
          { name: 'AI 程式', url: '/sp/ai-tools#AI 程式', is_show: 1 },
        ],
      },
      { name: '科技快訊', url: '/sp/news', is_show: 1 },
      {
        name: '更多',
        url: '/sp/collections',
        is_show: 1,
        children: [
          { name: '導航合集', url: '/sp/collections', is_show: 1 },
          { name: '專欄文章', url: '/post', is_show: 1 },
          { name: '提交網站', url: '/c/guide/submit', is_show: 1 },
          { name: '關於本站', url: '/c/about', is_show: 1 },
          { name: '友情連結', url: '/links', is_show: 1 },
        ],
      },
    ],
  },
  footer_config: {
    is_enable: 1,
    enable_custom_footer: 0,
    friendship_links: [
      { name: 'MDN Web Docs', url: 'https://developer.mozilla.org/zh-TW/' },
      { name: 'Hugging Face', url: 'https://huggingface.co/' },
      { name: 'GitHub', url: 'https://github.com/' },
    ],
    statement: '© {year} 拾光導航 · 連結每週檢查 · 價格以各網站公告為準',
    links: [
      { name: '關於本站', url: '/c/about', is_show: 1 },
      { name: '提交網站', url: '/c/guide/submit', is_show: 1 },
      { name: '免責聲明', url: '/disclaimer', is_show: 1 },
      { name: '意見回饋', url: '/feedback', is_show: 1 },
    ],
  },
  pendant_config: {
    is_enable: 1,
    enable_custom_pendant: 0,
    list: [
      { is_show: 1, icon: icon('+', '#16a34a', 40), text: '提交網站', url: '/c/guide/submit' },
      { is_show: 1, icon: icon('L', '#06c755', 40), text: 'LINE 社群', img: qrPlaceholder('nav-line') },
      { is_show: 1, icon: icon('T', '#229ed9', 40), text: 'Telegram', url: 'https://telegram.org/' },
    ],
  },
  search_config: {
    enable_search_bar: 1,
    search_bar_path: '/sa',
    enable_custom_search: 1,
    placeholder: '搜尋工具或文章…',
  },
  seo_config: {
    tdk: tdkFor('zh-TW'),
    canonical_link: 'http://nav.localhost',
    favicon: icon('光', '#7c3aed', 32),
    customize_code: { model: 2, data: ['<!-- 站點統計程式碼預留位置 -->'] },
  },
  language_config: {
    language_list: [
      { language: 'zh-TW', status: 1 },
      { language: 'en', status: 1 },
      { language: 'zh', status: 0 },
    ],
  },
  page_config: {
    global_config: {
      theme: 'night',
      wx_avoid: { is_enabled: 1, style: 1 },
      home_page_model: 2,
      home_single_page_path: 'tools',
      home_single_page_id: 'pg-nav-tools',
      default_language: 'zh-TW',
      search_route: 'sa',
      search_type: 1,
      fuzzy_matching_switch: 0,
      customize_code: {
        head: { is_enabled: 1, data: ['<meta name="theme-color" content="#111827">'] },
        body: { is_enabled: 0, data: [] },
        nav: { is_enabled: 1, data: ['<style>.nav-site-card{transition:transform .15s}</style>'] },
      },
    },
    resource: {
      aside_config: {
        aside_list: [
          { label: '聯絡我們', value: 'contact', is_show: 1 },
          { label: '熱門搜尋', value: 'search', is_show: 1 },
          { label: '熱門', value: 'hot', is_show: 0 },
          { label: '最新', value: 'newest', is_show: 0 },
          { label: '標籤', value: 'res_tag', is_show: 0 },
        ],
      },
      transfer_save_config: { list: [] },
    },
  },
  path_mapping: [{ from: '/sp/ai-tools', to: '/ai' }],
}

const LINKS: LinkGroup[] = [
  {
    name: '友站',
    list: [
      {
        name: '拾源搜索',
        url: 'http://res.localhost/',
        description: '合法免費資源搜尋',
        logo_url: icon('拾', '#2563eb'),
      },
      {
        name: 'Lumen Notes',
        url: 'http://land.localhost/',
        description: '離線優先的筆記應用',
        logo_url: icon('L', '#4f46e5'),
      },
    ],
  },
  {
    name: '開發社群',
    list: [
      { name: 'GitHub', url: 'https://github.com/', logo_url: icon('GH', '#111827') },
      {
        name: 'Stack Overflow',
        url: 'https://stackoverflow.com/',
        description: '程式問答社群',
        logo_url: icon('SO', '#f48024'),
      },
    ],
  },
]

function feedbackRows(now: number): Feedback[] {
  const rows: [string, string | undefined, number][] = [
    ['建議收錄 Raycast。', '已加入效率工具，謝謝推薦！', 1],
    ['Bower 的連結已經停止維護了。', '已隱藏該項目。', 5],
    ['深色模式很好看，希望也能切換淺色。', undefined, 9],
    ['AI 工具可以加上是否支援中文的標示嗎？', '下個版本會新增「中文」標籤。', 12],
  ]
  return rows.map(([content, reply, ageDays], i) => ({
    id: `f${1001 + i}`,
    content,
    ...(reply ? { reply } : {}),
    created_at: now - ageDays * DAY,
  }))
}

export function createNavTenant(now: number): DemoTenant {
  const rssSources = navRssSources(now)
  const feedback = feedbackForm({
    kind: '回饋類型',
    kinds: ['推薦網站', '問題回報', '其他'],
    content: '回饋內容',
    contact: '聯絡方式',
    contactHint: 'Email（選填）',
  })
  return {
    site: withFeedbackForm(withCurrentYear(site, now), feedback),
    translations: {
      en: {
        app_name: 'Shiguang Directory',
        description: 'A directory of developer, design and AI tools, with links checked every week.',
        announcement: 'New category "AI video & audio": Runway, Suno, ElevenLabs and more.',
        search_placeholder: 'Search tools or articles…',
        menu: {
          '/': 'Home',
          '/nav/tools': 'Tools',
          '/nav/dev/frontend': 'Front end',
          '/sp/ai-tools': 'AI tools',
          '/sp/news': 'Tech feed',
          '/sp/collections': 'Collections',
          '/post': 'Articles',
          '/c/guide/submit': 'Submit a site',
          '/c/about': 'About',
          '/links': 'Links',
          '/disclaimer': 'Disclaimer',
          '/feedback': 'Feedback',
        },
      },
    },
    pages: navPages(now, rssSources),
    groups: NAV_GROUPS,
    promos: {
      '301': {
        title: '每週 AI 工具精選電子報',
        description: '每週五寄出，只介紹真的好用的工具。',
        url: '/c/guide/submit',
        img_url: picture('AI 電子報'),
        type: 2,
        position: 2,
        allowed_close: 1,
        is_show: 1,
        start_ts: now - 3 * DAY,
        end_ts: now + 120 * DAY,
        web_path: 'global',
      },
    },
    categories: NAV_CATALOG.map((c) => ({ key: c.key, name: c.name })),
    tags: NAV_TAGS.map((t) => ({ ...t })),
    resources: buildResources(NAV_CATALOG, NAV_TAGS, now, 20250303),
    hotSearches: [
      { query: 'ChatGPT', count: 420 },
      { query: '白板', count: 215 },
      { query: '圖示', count: 188 },
      { query: 'Vite', count: 140 },
    ],
    contact: { title: '加入 LINE 社群', img: qrPlaceholder('nav-contact'), tips: '每週分享新收錄的工具' },
    rankPlatforms: [],
    rankEntries: [],
    postCategories: NAV_POST_CATEGORIES,
    posts: buildPosts(NAV_POSTS, NAV_POST_CATEGORIES, now),
    feedback: feedbackRows(now),
    forms: [feedback],
    links: LINKS,
    rssSources,
    rssHot: { news: navRssHot(rssSources, now) },
  }
}
