import type { SiteConfig } from '../../../../shared/types.ts'
import type { Feedback, HotSearch } from '../../../../shared/content-types.ts'
import type { DemoTenant } from '../../tenant.ts'
import { DAY, feedbackForm, tdkFor, withFeedbackForm, withCurrentYear } from '../common.ts'
import { buildPosts } from '../posts.ts'
import { RES_LINKS } from './res-links.ts'
import { resPromos } from './res-promos.ts'
import { RES_CATALOG, RES_TAGS } from './res-catalog.ts'
import { RES_GROUPS, resPages } from './res-pages.ts'
import { RES_POST_CATEGORIES, RES_POSTS } from './res-posts.ts'
import { RES_RANK_PLATFORMS, resRankEntries } from './res-rank.ts'
import { buildResources } from '../resources.ts'
import { icon, qrPlaceholder } from '../media.ts'

const NAME = '拾源搜索'

const site: SiteConfig = {
  site_id: 'site-res',
  domain: 'res.localhost',
  alias_domain: ['localhost', '127.0.0.1', 'www.res.localhost'],
  base_info: {
    app_name: NAME,
    logo: icon('拾', '#2563eb'),
    description: '只收录开源软件、公开课程、公版电子书、可商用字体与设计素材的资源搜索站。',
    disclaimer:
      '本站仅收录开源、公有领域或权利人授权免费分发的资源，链接均指向第三方网盘，本站不存储任何文件。如认为某条资源侵犯了你的权利，请通过“侵权与失效举报”页面联系我们，我们将在 48 小时内处理。',
    announcement: { is_show: 1, content: '🎉 新增“开放数据”分类，收录行政区划、语料等 11 份数据集。' },
  },
  header_config: {
    is_enable: 1,
    enable_custom_header: 0,
    login_config: { login_ways: ['email'] },
    logo_config: { logo: icon('拾', '#2563eb'), text: NAME, link: '/' },
    google_config: { client_id: '' },
    menu: [
      { name: '首页', url: '/', is_show: 1 },
      { name: '最新', url: '/res/new', is_show: 1 },
      { name: '热门', url: '/res/hot', is_show: 1 },
      {
        name: '排行榜',
        url: '/rank',
        is_show: 1,
        children: [
          { name: '本站热门', url: '/rank_site', is_show: 1 },
          { name: '豆瓣读书', url: '/rank_db', is_show: 1 },
          { name: '百度热搜', url: '/rank_baidu', is_show: 1 },
        ],
      },
      { name: '标签', url: '/res_tags', is_show: 1 },
      {
        name: '文章',
        url: '/post',
        is_show: 1,
        children: [
          { name: '使用指南', url: '/pcat/guide', is_show: 1 },
          { name: '资源推荐', url: '/pcat/picks', is_show: 1 },
          { name: '技术笔记', url: '/pcat/notes', is_show: 1 },
        ],
      },
      {
        name: '帮助',
        url: '/doc/guide',
        is_show: 1,
        children: [
          { name: '使用文档', url: '/doc/guide', is_show: 1 },
          { name: '常见问题', url: '/c/help/faq', is_show: 1 },
          { name: '专题页面', url: '/sp/topics', is_show: 1 },
        ],
      },
      { name: '友情链接', url: '/links', is_show: 0 },
    ],
  },
  footer_config: {
    is_enable: 1,
    enable_custom_footer: 0,
    friendship_links: [
      { name: 'LibreOffice', url: 'https://www.libreoffice.org/' },
      { name: 'Project Gutenberg', url: 'https://www.gutenberg.org/' },
      { name: 'MIT OpenCourseWare', url: 'https://ocw.mit.edu/' },
      { name: 'Google Fonts', url: 'https://fonts.google.com/' },
    ],
    statement: '© {year} 拾源搜索 · 仅收录开源与公有领域资源 · 本站不存储任何文件',
    links: [
      { name: '关于我们', url: '/c/about', is_show: 1 },
      { name: '免责声明', url: '/disclaimer', is_show: 1 },
      { name: '意见反馈', url: '/feedback', is_show: 1 },
      { name: '侵权举报', url: '/c/help/report', is_show: 1 },
      { name: '友情链接', url: '/links', is_show: 1 },
    ],
  },
  pendant_config: {
    is_enable: 1,
    enable_custom_pendant: 0,
    list: [
      { is_show: 1, icon: 'wechat', text: '交流群', img: qrPlaceholder('res-group') },
      { is_show: 1, icon: icon('反', '#ea580c', 40), text: '反馈', url: '/feedback' },
      { is_show: 0, icon: icon('客', '#7c3aed', 40), text: '在线客服', url: '/c/about' },
    ],
  },
  search_config: {
    enable_search_bar: 1,
    search_bar_path: '/s',
    enable_custom_search: 0,
    placeholder: '搜索软件、电子书、课程、字体…',
  },
  seo_config: {
    tdk: tdkFor('zh'),
    canonical_link: 'http://res.localhost',
    favicon: icon('拾', '#2563eb', 32),
    customize_code: { model: 1, data: ['<meta name="site-verification" content="res-demo-0001">'] },
  },
  language_config: {
    language_list: [
      { language: 'zh', status: 1 },
      { language: 'en', status: 1 },
      { language: 'ja', status: 0 },
    ],
  },
  page_config: {
    global_config: {
      theme: 'day',
      wx_avoid: { is_enabled: 1, style: 0 },
      home_page_model: 1,
      home_single_page_path: '',
      home_single_page_id: '',
      default_language: 'zh',
      search_route: 's',
      // No search_type: the front end derives it from fuzzy_matching_switch + 1 (SPEC §3), i.e. fuzzy.
      fuzzy_matching_switch: 1,
      customize_code: {
        head: { is_enabled: 1, data: ['<meta name="theme-color" content="#2563eb">'] },
        body: { is_enabled: 1, data: ['<noscript>启用 JavaScript 后可使用搜索与登录。</noscript>'] },
        resource: { is_enabled: 0, data: ['<!-- 资源页专用代码（已停用） -->'] },
      },
    },
    resource: {
      aside_config: {
        aside_list: [
          { label: '联系我们', value: 'contact', is_show: 1 },
          { label: '大家都在搜', value: 'search', is_show: 1 },
          { label: '热门资源', value: 'hot', is_show: 1 },
          { label: '最新收录', value: 'newest', is_show: 1 },
          { label: '热门标签', value: 'res_tag', is_show: 1 },
        ],
      },
      transfer_save_config: { list: [{ cookie_id: 'quark-main' }, { cookie_id: 'baidu-main' }] },
    },
  },
  path_mapping: [
    { from: '/res_tags', to: '/tags' },
    { from: '/post', to: '/articles' },
  ],
}

const HOT_SEARCHES: HotSearch[] = [
  ['思源黑体', 1820],
  ['Python', 1640],
  ['红楼梦', 1410],
  ['PPT 模板', 1330],
  ['LibreOffice', 1190],
  ['简历', 1050],
  ['4K 壁纸', 980],
  ['线性代数', 870],
  ['行政区划', 760],
  ['图标', 720],
  ['考研政治', 690],
  ['得意黑', 610],
].map(([query, count]) => ({ query: String(query), count: Number(count) }))

function feedbackRows(now: number): Feedback[] {
  const rows: [string, string | undefined, number][] = [
    ['能否收录《资治通鉴》的公版电子书？', '已加入收录计划，预计下周上线。', 1],
    ['7-Zip 的第一个链接失效了。', '已更新为新的分享链接，感谢提醒！', 2],
    ['希望增加按文件大小筛选。', '好建议，已记录到需求列表。', 4],
    ['手机上搜索框有点小。', '已在新版中加大搜索框和按钮。', 6],
    ['字体能标注是否可商用吗？', '已经新增“免费商用”标签。', 9],
    ['注册验证码要等很久。', undefined, 10],
    ['有没有 R 语言的入门课程？', undefined, 13],
    ['开放数据分类很实用，点赞！', '谢谢支持，会持续更新。', 15],
  ]
  return rows.map(([content, reply, ageDays], i) => ({
    id: `f${1001 + i}`,
    content,
    ...(reply ? { reply } : {}),
    created_at: now - ageDays * DAY,
  }))
}

export function createResTenant(now: number): DemoTenant {
  const resources = buildResources(RES_CATALOG, RES_TAGS, now, 20250101)
  const feedback = feedbackForm({
    kind: '反馈类型',
    kinds: ['求资源', '问题反馈', '其他'],
    content: '反馈内容',
    contact: '联系方式',
    contactHint: '邮箱或微信（选填）',
  })
  return {
    site: withFeedbackForm(withCurrentYear(site, now), feedback),
    translations: {
      en: {
        app_name: 'Shiyuan Search',
        description:
          'A search engine for open-source software, open courses, public-domain books, free fonts and design assets.',
        announcement: '🎉 New category "Open data": 11 data sets such as administrative divisions and text corpora.',
        search_placeholder: 'Search software, books, courses, fonts…',
        menu: {
          '/': 'Home',
          '/res/new': 'New',
          '/res/hot': 'Popular',
          '/rank': 'Rankings',
          '/res_tags': 'Tags',
          '/post': 'Articles',
          '/doc/guide': 'Help',
          '/c/help/faq': 'FAQ',
          '/sp/topics': 'Topics',
          '/c/about': 'About',
          '/disclaimer': 'Disclaimer',
          '/feedback': 'Feedback',
          '/links': 'Links',
          '/c/help/report': 'Report a link',
        },
      },
    },
    pages: resPages(now),
    groups: RES_GROUPS,
    promos: resPromos(now),
    categories: RES_CATALOG.map((c) => ({ key: c.key, name: c.name })),
    tags: RES_TAGS.map((t) => ({ ...t })),
    resources,
    hotSearches: HOT_SEARCHES.map((h) => ({ ...h })),
    contact: {
      title: '扫码加入资源交流群',
      img: qrPlaceholder('res-contact'),
      tips: '每日更新 · 群内可提交求资源需求',
    },
    rankPlatforms: RES_RANK_PLATFORMS,
    rankEntries: resRankEntries(resources),
    postCategories: RES_POST_CATEGORIES,
    posts: buildPosts(RES_POSTS, RES_POST_CATEGORIES, now),
    feedback: feedbackRows(now),
    forms: [feedback],
    links: RES_LINKS,
    rssSources: [],
    rssHot: {},
  }
}
