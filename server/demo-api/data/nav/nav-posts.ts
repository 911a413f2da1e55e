import type { PostCategory } from '../../../../shared/content-types.ts'
import type { PostDef } from '../posts.ts'

/** The nav site's posts: tool reviews and themed lists. */
export const NAV_POST_CATEGORIES: PostCategory[] = [
  { id: 'reviews', name: '工具評測', description: '實際使用後的心得。' },
  { id: 'lists', name: '主題清單', description: '依主題整理的工具清單。' },
]

export const NAV_POSTS: PostDef[] = [
  {
    path: 'ai-chat-compare',
    title: '四款 AI 對話助理實測：寫作、程式與長文',
    category: 'reviews',
    tags: ['AI', '評測'],
    author: '阿光',
    ageDays: 3,
    views: 4210,
    description: '同一組題目交給四款 AI 助理，看看各自擅長什麼。',
    content: `
## 測試方式

每款工具都回答同樣的三題：

1. 改寫一段 500 字的新聞稿；
2. 修正一段有錯的 Python 程式；
3. 摘要一份 40 頁的 PDF。

## 小結

- 長文摘要：支援長上下文的工具表現最好；
- 程式除錯：差距不大，都能找出錯誤；
- 寫作語氣：建議多給範例，結果會更穩定。

想自己試試？到 [AI 工具集](/sp/ai-tools) 挑一款。`,
  },
  {
    path: 'whiteboards',
    title: '三款線上白板比較：Excalidraw、tldraw 與 Miro',
    category: 'reviews',
    tags: ['白板'],
    author: '小晴',
    ageDays: 10,
    views: 1580,
    description: '畫架構圖、開會腦力激盪，該選哪一款？',
    content: `
## 一句話結論

| 工具 | 適合 |
| --- | --- |
| Excalidraw | 快速手繪架構圖 |
| tldraw | 流暢的多人即時協作 |
| Miro | 大型工作坊與範本 |

三者都能匯出 PNG 與 SVG。`,
  },
  {
    path: 'frontend-starter-kit',
    title: '{year} 前端新手工具包',
    category: 'lists',
    tags: ['前端', '清單'],
    author: '阿光',
    ageDays: 16,
    views: 2950,
    description: '從編輯器到部署，新手需要的工具都在這裡。',
    content: `
## 清單

- 編輯器：VS Code
- 建置：[Vite](https://vite.dev/)
- 測試：[Vitest](https://vitest.dev/)
- 文件：[MDN](https://developer.mozilla.org/zh-TW/)

\`\`\`bash
npm create vite@latest my-app
\`\`\`

更多工具請看[前端開發](/nav/dev/frontend)導航頁。`,
  },
]
