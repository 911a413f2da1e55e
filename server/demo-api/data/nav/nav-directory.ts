import type { NavPageConfig, NavSite } from '../../../../shared/content-types.ts'
import { icon } from '../media.ts'

type Listing = [title: string, url: string, description: string, tags?: string[], pricing?: string]

/** Directory entries as the API lists them, each with its generated icon. */
export function sites(entries: Listing[]): NavSite[] {
  return entries.map(([title, url, description, tags, pricing]) => ({
    title,
    url,
    icon: icon(title),
    description,
    is_show: 1,
    ...(tags ? { tags } : {}),
    ...(pricing ? { pricing } : {}),
  }))
}

export const TOOLS_PAGE: NavPageConfig = {
  intro: '工程師與設計師每天會打開的網站，依用途分類。',
  groups: [
    {
      group_name: '開發工具',
      tabs: [
        {
          tab_name: '程式碼託管',
          sites: sites([
            ['GitHub', 'https://github.com/', '全球最大的程式碼託管與協作平台，支援 Actions 自動化。', ['Git', '開源']],
            ['GitLab', 'https://gitlab.com/', '內建 CI/CD 的一站式 DevOps 平台，可自架。', ['Git', 'CI/CD']],
            ['Codeberg', 'https://codeberg.org/', '非營利組織營運的開源程式碼託管服務。', ['Git', '非營利']],
            ['Bitbucket', 'https://bitbucket.org/', '與 Jira 深度整合的 Git 託管服務。', ['Git']],
          ]),
        },
        {
          tab_name: '文件查詢',
          sites: sites([
            [
              'MDN Web Docs',
              'https://developer.mozilla.org/zh-TW/',
              'Web 標準最完整的參考文件，HTML、CSS、JavaScript 全收錄。',
              ['文件'],
            ],
            ['DevDocs', 'https://devdocs.io/', '把上百份 API 文件整合在一起，可離線搜尋。', ['文件', '離線']],
            ['Can I use', 'https://caniuse.com/', '查詢瀏覽器對各項 Web 功能的支援程度。', ['相容性']],
            ['Node.js 文件', 'https://nodejs.org/docs/latest/api/', 'Node.js 官方 API 參考文件。', ['文件', 'Node.js']],
          ]),
        },
        {
          tab_name: '線上編輯',
          sites: sites([
            ['CodePen', 'https://codepen.io/', '前端作品的線上編輯與分享社群。', ['前端']],
            ['CodeSandbox', 'https://codesandbox.io/', '在瀏覽器中執行完整專案的雲端開發環境。', ['雲端 IDE']],
            [
              'StackBlitz',
              'https://stackblitz.com/',
              '在瀏覽器內執行 Node.js 的即時開發環境。',
              ['雲端 IDE', 'Node.js'],
            ],
            ['JSFiddle', 'https://jsfiddle.net/', '老牌的前端程式碼片段測試工具。', ['前端']],
          ]),
        },
      ],
    },
    {
      group_name: '設計資源',
      tabs: [
        {
          tab_name: '圖示',
          sites: sites([
            ['Iconify', 'https://icon-sets.iconify.design/', '集合二十萬個開源圖示，可直接複製 SVG。', ['SVG', '開源']],
            ['Heroicons', 'https://heroicons.com/', 'Tailwind 團隊製作的精緻 SVG 圖示。', ['SVG']],
            ['Lucide', 'https://lucide.dev/', '社群維護的線性圖示庫，支援多種框架。', ['SVG', '開源']],
          ]),
        },
        {
          tab_name: '配色',
          sites: sites([
            ['Coolors', 'https://coolors.co/', '按空白鍵就能產生配色方案。', ['配色']],
            ['Adobe Color', 'https://color.adobe.com/', '依色彩理論建立與探索配色。', ['配色']],
            ['Color Hunt', 'https://colorhunt.co/', '每天更新的精選四色配色。', ['配色']],
          ]),
        },
        {
          tab_name: '字體',
          sites: sites([
            ['Google Fonts', 'https://fonts.google.com/', '上千款免費開源字體，含多款中文字體。', ['字體', '免費']],
            ['Font Squirrel', 'https://www.fontsquirrel.com/', '精選可商用免費字體。', ['字體', '可商用']],
          ]),
        },
      ],
    },
    {
      group_name: '效率辦公',
      tabs: [
        {
          tab_name: '筆記',
          sites: sites([
            ['Notion', 'https://www.notion.so/', '筆記、資料庫與專案管理合一的工作空間。', ['筆記', '協作']],
            ['Obsidian', 'https://obsidian.md/', '以本機 Markdown 檔案為核心的知識管理工具。', ['筆記', 'Markdown']],
            ['Joplin', 'https://joplinapp.org/', '開源、支援端對端加密的筆記應用。', ['筆記', '開源']],
          ]),
        },
        {
          tab_name: '白板與圖表',
          sites: sites([
            ['Excalidraw', 'https://excalidraw.com/', '手繪風格的線上白板，適合畫架構圖。', ['白板', '開源']],
            ['draw.io', 'https://app.diagrams.net/', '免費的流程圖與架構圖工具。', ['圖表', '免費']],
            ['tldraw', 'https://www.tldraw.com/', '極簡又流暢的協作白板。', ['白板']],
          ]),
        },
        {
          tab_name: '協作',
          sites: sites([
            ['Trello', 'https://trello.com/', '看板式任務管理。', ['專案管理']],
            ['Slack', 'https://slack.com/', '團隊溝通與整合工具。', ['通訊']],
            ['Miro', 'https://miro.com/', '大型線上協作白板，範本豐富。', ['白板', '協作']],
          ]),
        },
      ],
    },
  ],
}
