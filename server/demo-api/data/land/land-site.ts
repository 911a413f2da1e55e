import type { SiteConfig } from '../../../../shared/types.ts'
import type { Feedback, LinkGroup } from '../../../../shared/content-types.ts'
import type { DemoTenant } from '../../tenant.ts'
import { DAY, feedbackForm, tdkFor, withFeedbackForm, withCurrentYear } from '../common.ts'
import { CONTACT_FORM } from './land-contact-form.ts'
import { LAND_GROUPS, landPages } from './land-pages.ts'
import { LAND_POST_CATEGORIES, LAND_POSTS } from './land-posts.ts'
import { LAND_TRANSLATIONS } from './land-translations.ts'
import { buildResources } from '../resources.ts'
import { LAND_CATALOG, LAND_TAGS } from '../small-catalogs.ts'
import { buildPosts } from '../posts.ts'
import { icon, picture, qrPlaceholder } from '../media.ts'

const site: SiteConfig = {
  site_id: 'site-land',
  domain: 'land.localhost',
  alias_domain: ['www.land.localhost', 'lumen.localhost'],
  base_info: {
    app_name: 'Lumen Notes',
    logo: icon('L', '#4f46e5'),
    description: 'Calm, offline-first notes with end-to-end encrypted sync and one-click publishing.',
    disclaimer:
      'Lumen Notes is a fictional product used to demonstrate landing pages. Prices, codes and reviews on this site are examples.',
    announcement: { is_show: 1, content: 'Spring sale: 25% off Plus with code SPRING25.' },
  },
  header_config: {
    is_enable: 1,
    enable_custom_header: 0,
    login_config: { login_ways: ['email', 'google'] },
    logo_config: { logo: icon('L', '#4f46e5'), text: 'Lumen Notes', link: '/' },
    // A made-up client id: the Google button renders, but Google refuses it. The demo API itself accepts any
    // well-formed ID token (see google-credential.ts).
    google_config: { client_id: '000000000000-lumendemo.apps.googleusercontent.com' },
    menu: [
      { name: 'Features', url: '/#features', is_show: 1 },
      { name: 'Pricing', url: '/#pricing', is_show: 1 },
      { name: 'Handbook', url: '/doc/handbook', icon: 'help', is_show: 1 },
      {
        name: 'Blog',
        url: '/post',
        is_show: 1,
        children: [
          { name: 'Product updates', url: '/pcat/updates', is_show: 1 },
          { name: 'Guides', url: '/pcat/guides', is_show: 1 },
          { name: 'Community', url: '/pcat/stories', is_show: 1 },
        ],
      },
      { name: 'Spring sale', url: '/l/campaign/spring-sale', is_show: 1 },
    ],
  },
  footer_config: {
    is_enable: 1,
    enable_custom_footer: 0,
    friendship_links: [
      { name: 'CommonMark', url: 'https://commonmark.org/' },
      { name: 'Mastodon', url: 'https://joinmastodon.org/' },
    ],
    statement: '© {year} Lumen Notes (demo). Made with care by a small team.',
    links: [
      { name: 'Privacy', url: '/c/legal/privacy', is_show: 1 },
      { name: 'Terms', url: '/c/legal/terms', is_show: 1 },
      { name: 'Licenses', url: '/c/legal/licenses', is_show: 1 },
      { name: 'Status', url: '/c/dev/status.json', is_show: 1 },
      { name: 'Press kit', url: '/c/press/launch-kit', is_show: 1 },
      { name: 'Feedback', url: '/feedback', is_show: 1 },
    ],
  },
  pendant_config: {
    is_enable: 1,
    enable_custom_pendant: 0,
    list: [
      { is_show: 1, icon: icon('📱', '#4f46e5', 40), text: 'Mobile app', img: qrPlaceholder('lumen-app') },
      { is_show: 1, icon: 'help', text: 'Help', url: '/doc/handbook' },
    ],
  },
  search_config: {
    enable_search_bar: 0,
    search_bar_path: '/s',
    enable_custom_search: 0,
    placeholder: 'Search the blog',
  },
  seo_config: {
    tdk: tdkFor('en'),
    canonical_link: 'http://land.localhost',
    favicon: icon('L', '#4f46e5', 32),
    customize_code: { model: 2, data: ['<!-- analytics would load here; the demo ships none -->'] },
  },
  language_config: {
    language_list: (['en', 'zh', 'fr', 'de', 'ja', 'ar'] as const).map((language) => ({
      language,
      status: 1 as const,
    })),
  },
  page_config: {
    global_config: {
      theme: 'day',
      wx_avoid: { is_enabled: 0, style: 0 },
      home_page_model: 2,
      home_single_page_path: 'home',
      home_single_page_id: 'pg-land-home',
      default_language: 'en',
      search_route: 's',
      search_type: 2,
      fuzzy_matching_switch: 1,
      customize_code: {
        head: { is_enabled: 1, data: ['<meta name="theme-color" content="#4f46e5">'] },
        body: { is_enabled: 0, data: [] },
        land: { is_enabled: 1, data: ['<style>.land-module{scroll-margin-top:72px}</style>'] },
      },
    },
    resource: {
      aside_config: {
        aside_list: [
          { label: 'Contact', value: 'contact', is_show: 1 },
          { label: 'Popular searches', value: 'search', is_show: 0 },
          { label: 'Popular', value: 'hot', is_show: 0 },
          { label: 'Newest', value: 'newest', is_show: 0 },
          { label: 'Tags', value: 'res_tag', is_show: 0 },
        ],
      },
      transfer_save_config: { list: [] },
    },
  },
}

const LINKS: LinkGroup[] = [
  {
    name: 'Friends of Lumen',
    list: [
      {
        name: 'CommonMark',
        url: 'https://commonmark.org/',
        description: 'A strongly defined Markdown spec',
        logo_url: icon('CM', '#111827'),
      },
      {
        name: 'Mastodon',
        url: 'https://joinmastodon.org/',
        description: 'Decentralised social network',
        logo_url: icon('M', '#6364ff'),
      },
    ],
  },
  {
    name: 'Writing tools',
    list: [
      {
        name: 'Hemingway Editor',
        url: 'https://hemingwayapp.com/',
        description: 'Makes your writing bold and clear',
        logo_url: icon('H', '#ca8a04'),
      },
      {
        name: 'LanguageTool',
        url: 'https://languagetool.org/',
        description: 'Open-source grammar checker',
        logo_url: icon('LT', '#0891b2'),
      },
    ],
  },
]

function feedbackRows(now: number): Feedback[] {
  const rows: [string, string | undefined, number][] = [
    ['Please add a Linux ARM build.', 'Shipped in 3.0.2 — enjoy!', 2],
    ['Sync got stuck after changing my password.', 'Fixed in 3.0.1. Restarting the app also helps.', 5],
    ['Could published pages support a dark theme?', undefined, 8],
    ['Love the keyboard shortcuts. Vim mode maybe?', 'It is on the roadmap for the summer.', 14],
    ['The student code worked perfectly, thanks.', undefined, 20],
  ]
  return rows.map(([content, reply, ageDays], i) => ({
    id: `f${1001 + i}`,
    content,
    ...(reply ? { reply } : {}),
    created_at: now - ageDays * DAY,
  }))
}

export function createLandTenant(now: number): DemoTenant {
  const feedback = feedbackForm({
    kind: 'Topic',
    kinds: ['Feature request', 'Bug report', 'Other'],
    content: 'Your feedback',
    contact: 'E-mail',
    contactHint: 'If you want an answer (optional)',
  })
  return {
    site: withFeedbackForm(withCurrentYear(site, now), feedback),
    translations: LAND_TRANSLATIONS,
    pages: landPages(now),
    groups: LAND_GROUPS,
    promos: {
      '201': {
        title: 'Lumen for iPhone is here',
        url: '/#features',
        img_url: picture('Lumen for iPhone', 'tall'),
        type: 1,
        position: 2,
        allowed_close: 1,
        is_show: 1,
        start_ts: now - DAY,
        end_ts: now + 90 * DAY,
        web_path: 'global',
      },
      '202': {
        title: 'Spring sale ends soon',
        description: 'Use SPRING25 before the end of the month.',
        url: '/l/campaign/spring-sale',
        img_url: '',
        type: 2,
        position: 2,
        allowed_close: 1,
        is_show: 1,
        start_ts: now - DAY,
        end_ts: now + 30 * DAY,
        web_path: '/post',
      },
    },
    categories: LAND_CATALOG.map((c) => ({ key: c.key, name: c.name })),
    tags: LAND_TAGS.map((t) => ({ ...t })),
    resources: buildResources(LAND_CATALOG, LAND_TAGS, now, 20250202),
    hotSearches: [],
    contact: {
      title: 'Talk to the team',
      img: qrPlaceholder('lumen-contact'),
      tips: 'We answer within one business day.',
    },
    rankPlatforms: [],
    rankEntries: [],
    postCategories: LAND_POST_CATEGORIES,
    posts: buildPosts(LAND_POSTS, LAND_POST_CATEGORIES, now),
    feedback: feedbackRows(now),
    forms: [CONTACT_FORM, feedback],
    links: LINKS,
    rssSources: [],
    rssHot: {},
  }
}
