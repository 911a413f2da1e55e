import type { DemoPage, DemoPageGroup, DemoRssSource } from '../../tenant.ts'
import { makePage } from '../common.ts'
import { TOOLS_PAGE } from './nav-directory.ts'
import { AI_PAGE, FRONTEND_PAGE } from './nav-topic-pages.ts'
import { icon, picture } from '../media.ts'

export const NAV_GROUPS: DemoPageGroup[] = [
  { group_id: 'g-dev', group_name: '開發專區', group_path: 'dev' },
  { group_id: 'g-guide', group_name: '站務說明', group_path: 'guide' },
]

const ABOUT = `
# 關於拾光導航

拾光導航整理開發、設計、效率與 AI 工具，**每週人工檢查一次連結**，並標示價格方案。

## 收錄原則

- 長期維護、可以正常使用；
- 有清楚的隱私權政策；
- 價格透明，標示「免費」「免費試用」或「付費」。

想推薦網站？請看[提交網站](/c/guide/submit)。
`

const SUBMIT = `
<h2>提交網站</h2>
<p>歡迎推薦好用的網站！請在 <a href="/feedback">意見回饋</a> 頁面填寫：</p>
<ul>
  <li>網站名稱與網址</li>
  <li>一句話介紹（30 字以內）</li>
  <li>價格方案：免費、免費試用或付費</li>
</ul>
<p>我們會在七天內審核並回覆。</p>
`

export function navPages(now: number, feeds: readonly DemoRssSource[]): DemoPage[] {
  const sources = feeds.map(({ rss_id, rss_name, logo, description }) => ({ rss_id, rss_name, logo, description }))
  return [
    makePage(
      {
        page_id: 'pg-nav-tools',
        page_type: 'nav',
        page_path: 'tools',
        group_path: '',
        title: '常用工具',
        page_config: TOOLS_PAGE,
      },
      { description: '開發、設計與效率工具，依用途分類。', ageDays: 1, now, cover: picture('常用工具') },
    ),
    makePage(
      {
        page_id: 'pg-nav-frontend',
        page_type: 'nav',
        page_path: 'frontend',
        group_path: 'dev',
        title: '前端開發',
        page_config: FRONTEND_PAGE,
      },
      { description: '框架、建置工具、套件與測試。', ageDays: 4, now, cover: picture('前端開發'), group_id: 'g-dev' },
    ),
    makePage(
      {
        page_id: 'pg-nav-ai',
        page_type: 'ai',
        page_path: 'ai-tools',
        group_path: '',
        title: 'AI 工具集',
        page_config: AI_PAGE,
        // The AI page has its own pendants and meta tags.
        pendant_config: {
          is_enable: 1,
          enable_custom_pendant: 1,
          list: [{ is_show: 1, icon: icon('AI', '#7c3aed', 40), text: '推薦 AI 工具', url: '/c/guide/submit' }],
        },
        seo_config: {
          tdk: {
            title: 'AI 工具集 - 對話、繪圖、寫作、影音一次找齊 - 拾光導航',
            description: '精選 ChatGPT、Claude、Midjourney 等 AI 工具，標示價格方案，每週更新。',
            keywords: 'AI 工具,AI 繪圖,AI 對話,AI 寫作',
          },
        },
      },
      { description: '對話、繪圖、寫作、影音與程式 AI 工具。', ageDays: 2, now, cover: picture('AI 工具集') },
    ),
    makePage(
      {
        page_id: 'pg-nav-news',
        page_type: 'rss',
        page_path: 'news',
        group_path: '',
        title: '科技快訊',
        page_config: { rss_ids: sources.map((s) => s.rss_id), sources },
      },
      { description: 'GitHub 熱門專案、MDN 精選文件與 AI 經典論文。', ageDays: 0, now, cover: picture('科技快訊') },
    ),
    makePage(
      {
        page_id: 'pg-nav-about',
        page_type: 'custom',
        page_path: 'about',
        group_path: '',
        title: '關於本站',
        page_config: { content_type: 'markdown', content: ABOUT.trim() },
      },
      { description: '拾光導航的收錄原則。', ageDays: 40, now },
    ),
    makePage(
      {
        page_id: 'pg-nav-submit',
        page_type: 'custom',
        page_path: 'submit',
        group_path: 'guide',
        title: '提交網站',
        page_config: { content_type: 'html', content: SUBMIT.trim() },
      },
      { description: '推薦網站的方式與審核流程。', ageDays: 25, now, group_id: 'g-guide' },
    ),
    makePage(
      {
        page_id: 'pg-nav-collections',
        page_type: 'list',
        page_path: 'collections',
        group_path: '',
        title: '導航合集',
        page_config: { page_type: 'nav', style: 2 },
      },
      { description: '全部導航頁面一覽。', ageDays: 3, now },
    ),
  ]
}
