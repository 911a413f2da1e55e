import type { RssHot } from '../../../../shared/content-types.ts'
import type { DemoRssSource } from '../../tenant.ts'
import { DAY, HOUR } from '../common.ts'
import { icon } from '../media.ts'

type Doc = [title: string, link: string, summary?: string]

const FEEDS: { rss_id: string; rss_name: string; description: string; docs: Doc[] }[] = [
  {
    rss_id: 'gh-trending',
    rss_name: 'GitHub 熱門專案',
    description: '本週星數成長最快的開源專案。',
    docs: [
      ['facebook/react：建構使用者介面的函式庫', 'https://github.com/facebook/react'],
      ['vitejs/vite：新一代前端建置工具', 'https://github.com/vitejs/vite'],
      ['microsoft/vscode：開源程式碼編輯器', 'https://github.com/microsoft/vscode'],
      ['ollama/ollama：在本機執行大型語言模型', 'https://github.com/ollama/ollama'],
      ['huggingface/transformers：最新機器學習模型函式庫', 'https://github.com/huggingface/transformers'],
      ['excalidraw/excalidraw：手繪風格白板', 'https://github.com/excalidraw/excalidraw'],
      ['denoland/deno：安全的 JavaScript 執行環境', 'https://github.com/denoland/deno'],
      ['tailwindlabs/tailwindcss：原子化 CSS 框架', 'https://github.com/tailwindlabs/tailwindcss'],
      ['rust-lang/rust：注重安全與效能的程式語言', 'https://github.com/rust-lang/rust'],
      ['godotengine/godot：開源遊戲引擎', 'https://github.com/godotengine/godot'],
      ['obsproject/obs-studio：錄影與直播軟體', 'https://github.com/obsproject/obs-studio'],
      ['home-assistant/core：開源智慧家庭平台', 'https://github.com/home-assistant/core'],
    ],
  },
  {
    rss_id: 'mdn',
    rss_name: 'MDN 精選文件',
    description: '值得重讀的 Web 平台文件。',
    docs: [
      [
        'CSS 容器查詢',
        'https://developer.mozilla.org/zh-TW/docs/Web/CSS/CSS_containment/Container_queries',
        '依容器大小而不是視窗大小套用樣式。',
      ],
      [
        'Fetch API 使用指南',
        'https://developer.mozilla.org/zh-TW/docs/Web/API/Fetch_API/Using_Fetch',
        '以 Promise 發出網路請求。',
      ],
      ['CSS Grid 版面配置', 'https://developer.mozilla.org/zh-TW/docs/Web/CSS/CSS_grid_layout', '二維版面配置系統。'],
      ['Web Components', 'https://developer.mozilla.org/zh-TW/docs/Web/API/Web_components', '建立可重用的自訂元素。'],
      ['HTTP 快取', 'https://developer.mozilla.org/zh-TW/docs/Web/HTTP/Caching', '瀏覽器與代理伺服器如何快取回應。'],
      ['無障礙網頁入門', 'https://developer.mozilla.org/zh-TW/docs/Learn/Accessibility', '讓所有人都能使用你的網站。'],
      ['Service Worker', 'https://developer.mozilla.org/zh-TW/docs/Web/API/Service_Worker_API', '離線快取與背景同步。'],
      [
        'JavaScript 模組',
        'https://developer.mozilla.org/zh-TW/docs/Web/JavaScript/Guide/Modules',
        'import 與 export 的完整說明。',
      ],
    ],
  },
  {
    rss_id: 'ai-papers',
    rss_name: 'AI 經典論文',
    description: '改變 AI 發展方向的論文。',
    docs: [
      ['Attention Is All You Need', 'https://arxiv.org/abs/1706.03762', '提出 Transformer 架構。'],
      ['BERT：雙向 Transformer 預訓練', 'https://arxiv.org/abs/1810.04805'],
      ['Language Models are Few-Shot Learners（GPT-3）', 'https://arxiv.org/abs/2005.14165'],
      ['Denoising Diffusion Probabilistic Models', 'https://arxiv.org/abs/2006.11239', '擴散模型生成圖像的基礎。'],
      ['LoRA：大型模型的低秩微調', 'https://arxiv.org/abs/2106.09685'],
      ['Chain-of-Thought Prompting', 'https://arxiv.org/abs/2201.11903', '讓模型逐步推理的提示方法。'],
      ['Deep Residual Learning（ResNet）', 'https://arxiv.org/abs/1512.03385'],
      ['An Image is Worth 16x16 Words（ViT）', 'https://arxiv.org/abs/2010.11929'],
      ['CLIP：以自然語言監督學習視覺模型', 'https://arxiv.org/abs/2103.00020'],
      ['Training language models to follow instructions', 'https://arxiv.org/abs/2203.02155'],
    ],
  },
]

/** Feed items get publication times spread over the last days, newest first, relative to `now`. */
export function navRssSources(now: number): DemoRssSource[] {
  return FEEDS.map((feed, f) => ({
    rss_id: feed.rss_id,
    rss_name: feed.rss_name,
    logo: icon(feed.rss_name),
    description: feed.description,
    docs: feed.docs.map(([title, link, summary], i) => ({
      title,
      link,
      published_at: now - (i * 7 + f * 2 + 1) * HOUR - ((i * 13) % 60) * 60,
      ...(summary ? { summary } : {}),
    })),
  }))
}

/** Click counts of the rss page: a few items were opened often, some recently. */
export function navRssHot(sources: readonly DemoRssSource[], now: number): RssHot[] {
  return sources.flatMap((source, f) =>
    source.docs.slice(0, 5).map((doc, i) => ({
      title: doc.title,
      link: doc.link,
      source: source.rss_name,
      score: 240 - f * 37 - i * 29,
      created_at: now - (1 + ((i * 17 + f * 11) % 120)) * HOUR - (i > 2 ? 2 * DAY : 0),
    })),
  )
}
