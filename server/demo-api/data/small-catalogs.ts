import type { Tag } from '../../../shared/content-types.ts'
import type { CatalogCategory } from './resources.ts'

// The page-home sites (land, nav) carry a few resources too: their search route finds resources
// like every site's does (SPEC §2, §3), with their matching pages beside them.

/** Tags of the landing-page site's downloads. */
export const LAND_TAGS: Tag[] = [
  { slug: 'desktop', name: 'Desktop', description: 'Lumen for your computer.' },
  { slug: 'template', name: 'Template', description: 'Ready-made vaults and note templates.' },
]

/** Downloads and templates of the landing-page site. */
export const LAND_CATALOG: CatalogCategory[] = [
  {
    key: 'downloads',
    name: 'Downloads',
    entries: [
      {
        title: 'Lumen Notes for macOS',
        slug: 'lumen-macos',
        description: 'The desktop app for macOS 12 and later, Apple silicon and Intel.',
        tags: ['desktop'],
      },
      {
        title: 'Lumen Notes for Windows',
        slug: 'lumen-windows',
        description: 'The desktop app for Windows 10 and 11, installer and portable archive.',
        tags: ['desktop'],
      },
      {
        title: 'Lumen Notes for Linux',
        slug: 'lumen-linux',
        description: 'AppImage and .deb packages of the desktop app.',
        tags: ['desktop'],
      },
    ],
  },
  {
    key: 'templates',
    name: 'Templates',
    entries: [
      {
        title: 'Lumen thesis vault template',
        slug: 'lumen-thesis-template',
        description: 'Chapters, sources and a writing log, ready to import into Lumen.',
        tags: ['template'],
      },
      {
        title: 'Lumen meeting notes pack',
        slug: 'lumen-meeting-notes',
        description: 'Agenda, decisions and follow-ups for weekly meetings.',
        tags: ['template'],
      },
    ],
  },
]

/** Tags of the directory site's downloads. */
export const NAV_TAGS: Tag[] = [
  { slug: 'ai', name: 'AI', description: '人工智慧相關的工具與素材。' },
  { slug: 'design', name: '設計', description: '介面設計與插畫素材。' },
]

/** Tool bundles and design assets of the directory site. */
export const NAV_CATALOG: CatalogCategory[] = [
  {
    key: 'toolkits',
    name: '工具包',
    entries: [
      {
        title: 'AI 提示詞範本合集',
        slug: 'ai-prompt-pack',
        description: '寫作、程式與翻譯常用的 AI 提示詞範本，附使用說明。',
        tags: ['ai'],
      },
      {
        title: '本機 AI 模型入門包',
        slug: 'local-ai-starter',
        description: '在自己電腦上執行開源 AI 模型的安裝步驟與設定檔。',
        tags: ['ai'],
      },
      {
        title: '前端開發環境設定檔',
        slug: 'frontend-dotfiles',
        description: 'Node、編輯器與 Git 的常用設定，一鍵套用。',
        tags: [],
      },
    ],
  },
  {
    key: 'assets',
    name: '設計素材',
    entries: [
      {
        title: '開源圖示合集 SVG',
        slug: 'open-icons-svg',
        description: '數千個可商用的開源 SVG 圖示，依主題分類。',
        tags: ['design'],
      },
      {
        title: 'AI 生成插畫素材包',
        slug: 'ai-illustrations',
        description: '以 AI 生成、授權清楚的扁平風插畫，PNG 與 SVG 兩種格式。',
        tags: ['ai', 'design'],
      },
    ],
  },
]
