import type { SitePageConfig } from '../../../../shared/types.ts'
import type { CustomContentType } from '../../../../shared/content-types.ts'
import type { DemoPage, DemoPageGroup } from '../../tenant.ts'
import { DAY, makePage, withDates } from '../common.ts'
import {
  BRAND_CSS,
  EMBED_JS,
  FEED_XML,
  HANDBOOK,
  LAUNCH_KIT_HTML,
  LICENSES_TXT,
  PRIVACY_MD,
  STATUS_JSON,
  TERMS_HTML,
} from './land-content.ts'
import { landHomeConfig } from './land-home.ts'
import { icon, picture } from '../media.ts'

export const LAND_GROUPS: DemoPageGroup[] = [
  { group_id: 'g-legal', group_name: 'Legal', group_path: 'legal' },
  { group_id: 'g-dev', group_name: 'Developers', group_path: 'dev' },
  { group_id: 'g-press', group_name: 'Press', group_path: 'press' },
  { group_id: 'g-campaign', group_name: 'Campaigns', group_path: 'campaign' },
]

const GROUP_ID: Record<string, string> = { legal: 'g-legal', dev: 'g-dev', press: 'g-press' }

// [group_path, page_path, content_type, title, description, content]
const CUSTOM: [string, string, CustomContentType, string, string, string][] = [
  [
    'legal',
    'privacy',
    'markdown',
    'Privacy policy',
    'What we store, what we never do, and how to reach us.',
    PRIVACY_MD,
  ],
  [
    'legal',
    'terms',
    'html',
    'Terms of service',
    'Short terms: your content, acceptable use, plans and refunds.',
    TERMS_HTML,
  ],
  ['legal', 'licenses', 'txt', 'Third-party licenses', 'Open-source software used by Lumen Notes.', LICENSES_TXT],
  ['dev', 'embed.js', 'js', 'Embed script', 'Shows published notes inside any web page.', EMBED_JS],
  [
    'dev',
    'status.json',
    'json',
    'Service status',
    'Machine-readable status of sync, publishing and accounts.',
    STATUS_JSON,
  ],
  [
    'dev',
    'brand.css',
    'css',
    'Brand stylesheet',
    'Colour and type tokens for pages that embed Lumen content.',
    BRAND_CSS,
  ],
  ['dev', 'feed.xml', 'xml', 'Updates feed', 'RSS feed of product updates.', FEED_XML],
  ['press', 'launch-kit', 'pure_html', 'Press kit', 'Logos, screenshots and a boilerplate paragraph.', LAUNCH_KIT_HTML],
]

function campaignPage(now: number): SitePageConfig {
  return {
    page_id: 'pg-land-spring',
    page_type: 'land',
    page_path: 'spring-sale',
    group_path: 'campaign',
    title: 'Spring sale: 25% off Plus',
    page_config: {
      theme: 2,
      banner_style: 1,
      modules: [
        {
          id: 's1',
          type: 'title',
          is_show: 1,
          data: {
            title: 'Spring sale',
            subtitle: '25% off the first year of Plus, until the end of the month.',
            align: 2,
          },
        },
        {
          id: 's2',
          type: 'useful_code',
          is_show: 1,
          data: {
            items: [{ code: 'SPRING25', description: '25% off the first year of Plus', expires_at: now + 45 * DAY }],
          },
        },
        {
          id: 's3',
          type: 'invalid_code',
          is_show: 1,
          data: { items: [{ code: 'WINTER20', description: 'Winter sale', expires_at: now - 20 * DAY }] },
        },
        {
          id: 's4',
          type: 'price',
          is_show: 1,
          data: {
            plans: [
              {
                name: 'Plus, yearly',
                price: '36',
                unit: '$ / first year',
                description: 'Instead of $48.',
                features: ['Encrypted sync', 'Publish 10 sites'],
                button: { text: 'Claim the offer', url: '/#pricing', type: 0, style: 1 },
              },
            ],
          },
        },
        {
          id: 's5',
          type: 'faq',
          is_show: 1,
          data: {
            items: [
              { question: 'Can I combine codes?', answer: 'No, one code per purchase.' },
              {
                question: 'Does it renew at the sale price?',
                answer: 'The second year renews at the regular price; we remind you a week before.',
              },
            ],
          },
        },
      ],
    },
    // A campaign page without the site header and with its own slim footer, pendants and search.
    header_config: { is_enable: 0, enable_custom_header: 1 },
    footer_config: {
      is_enable: 1,
      enable_custom_footer: 1,
      friendship_links: [],
      statement: 'Offer valid for new Plus subscriptions only.',
      links: [{ name: 'Terms', url: '/c/legal/terms', is_show: 1 }],
    },
    pendant_config: {
      is_enable: 1,
      enable_custom_pendant: 1,
      list: [{ is_show: 1, icon: icon('%', '#dc2626', 40), text: 'SPRING25', url: '/#pricing' }],
    },
    search_config: { enable_search_bar: 0, enable_custom_search: 1 },
    seo_config: {
      tdk: {
        title: 'Spring sale – 25% off Lumen Plus',
        description: 'Use code SPRING25 for 25% off the first year of Lumen Plus.',
        keywords: 'lumen notes,discount,promo code',
      },
      canonical_link: 'http://land.localhost/l/campaign/spring-sale',
    },
  }
}

export function landPages(now: number): DemoPage[] {
  const custom = CUSTOM.map(([group_path, page_path, content_type, title, description, content], i) =>
    makePage(
      {
        page_id: `pg-land-c${i + 1}`,
        page_type: 'custom',
        page_path,
        group_path,
        title,
        page_config: { content_type, content: withDates(content.trim(), now, 10 + i * 3) },
      },
      { description, ageDays: 10 + i * 3, now, ...(GROUP_ID[group_path] ? { group_id: GROUP_ID[group_path] } : {}) },
    ),
  )
  return [
    makePage(
      {
        page_id: 'pg-land-home',
        page_type: 'land',
        page_path: 'home',
        group_path: '',
        title: 'Lumen Notes',
        page_config: landHomeConfig(now),
      },
      {
        description: 'Calm, offline-first notes with end-to-end encrypted sync.',
        ageDays: 1,
        now,
        cover: picture('Lumen Notes'),
      },
    ),
    makePage(campaignPage(now), {
      description: 'Use code SPRING25 for 25% off the first year of Plus.',
      ageDays: 3,
      now,
      cover: picture('Spring sale'),
      group_id: 'g-campaign',
    }),
    ...custom,
    makePage(
      {
        page_id: 'pg-land-handbook',
        page_type: 'outline',
        page_path: 'handbook',
        group_path: '',
        title: 'Handbook',
        page_config: { outline: HANDBOOK },
      },
      { description: 'Everything about vaults, writing and publishing.', ageDays: 5, now },
    ),
    makePage(
      {
        page_id: 'pg-land-community',
        page_type: 'ugc_post',
        page_path: 'community',
        group_path: '',
        title: 'Community stories',
        page_config: { category_id: 'stories' },
      },
      { description: 'How people use Lumen, written by them. Sign in to share yours.', ageDays: 2, now },
    ),
    makePage(
      {
        page_id: 'pg-land-library',
        page_type: 'list',
        page_path: 'library',
        group_path: '',
        title: 'Legal & policies',
        page_config: { group_id: 'g-legal', style: 3 },
      },
      { description: 'All legal documents in one place.', ageDays: 7, now },
    ),
  ]
}
