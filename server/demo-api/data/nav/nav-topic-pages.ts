import type { NavPageConfig } from '../../../../shared/content-types.ts'
import { icon } from '../media.ts'
import { sites } from './nav-directory.ts'

export const FRONTEND_PAGE: NavPageConfig = {
  intro: '前端開發常用的框架、建置工具與測試工具。',
  groups: [
    {
      group_name: '框架與建置',
      tabs: [
        {
          tab_name: '框架',
          sites: sites([
            ['React', 'https://react.dev/', '以元件建構使用者介面的函式庫。', ['UI']],
            ['Vue.js', 'https://vuejs.org/', '漸進式 JavaScript 框架，上手容易。', ['UI']],
            ['Svelte', 'https://svelte.dev/', '在編譯時完成工作的 UI 框架。', ['UI', '編譯']],
            ['Angular', 'https://angular.dev/', 'Google 維護的完整前端框架。', ['UI']],
            ['SolidJS', 'https://www.solidjs.com/', '細粒度響應式的高效能 UI 函式庫。', ['UI']],
          ]),
        },
        {
          tab_name: '建置工具',
          sites: sites([
            ['Vite', 'https://vite.dev/', '極速的前端開發伺服器與建置工具。', ['建置']],
            ['esbuild', 'https://esbuild.github.io/', '以 Go 撰寫的超快 JavaScript 打包器。', ['建置']],
            ['webpack', 'https://webpack.js.org/', '可高度設定的模組打包器。', ['建置']],
            ['Rollup', 'https://rollupjs.org/', '適合函式庫的 ES 模組打包器。', ['建置']],
          ]),
        },
      ],
    },
    {
      group_name: '套件與測試',
      tabs: [
        {
          tab_name: '套件',
          sites: [
            ...sites([
              ['npm', 'https://www.npmjs.com/', 'JavaScript 套件登錄處。', ['套件']],
              ['Bundlephobia', 'https://bundlephobia.com/', '查詢 npm 套件打包後的大小。', ['套件', '效能']],
            ]),
            // Kept in the data but hidden: the front end must not show entries with is_show 0.
            {
              title: 'Bower',
              url: 'https://bower.io/',
              icon: icon('Bower'),
              description: '已停止維護的前端套件管理工具。',
              is_show: 0,
            },
          ],
        },
        {
          tab_name: '測試',
          sites: sites([
            ['Vitest', 'https://vitest.dev/', '與 Vite 共用設定的單元測試框架。', ['測試']],
            ['Playwright', 'https://playwright.dev/', '跨瀏覽器的端對端測試工具。', ['測試', 'E2E']],
            ['Testing Library', 'https://testing-library.com/', '以使用者角度測試元件的工具集。', ['測試']],
          ]),
        },
      ],
    },
  ],
}

export const AI_PAGE: NavPageConfig = {
  intro: '精選 AI 工具，標示價格方案，每週更新。',
  groups: [
    {
      group_name: 'AI 對話',
      tabs: [
        {
          tab_name: '國際',
          sites: sites([
            [
              'ChatGPT',
              'https://chatgpt.com/',
              'OpenAI 的對話助理，可寫作、分析檔案與產生圖片。',
              ['對話', '多模態'],
              '免費 / 付費',
            ],
            [
              'Claude',
              'https://claude.ai/',
              'Anthropic 的 AI 助理，擅長長文閱讀、寫作與程式。',
              ['對話', '長文'],
              '免費 / 付費',
            ],
            [
              'Gemini',
              'https://gemini.google.com/',
              'Google 的多模態 AI 助理，整合 Google 服務。',
              ['對話', '多模態'],
              '免費 / 付費',
            ],
            [
              'Microsoft Copilot',
              'https://copilot.microsoft.com/',
              '微軟的 AI 助理，整合 Bing 搜尋。',
              ['對話', '搜尋'],
              '免費',
            ],
            ['Perplexity', 'https://www.perplexity.ai/', '附引用來源的 AI 搜尋引擎。', ['搜尋'], '免費 / 付費'],
          ]),
        },
        {
          tab_name: '中文',
          sites: sites([
            ['DeepSeek', 'https://chat.deepseek.com/', '擅長推理與程式的中文大型語言模型。', ['對話', '推理'], '免費'],
            ['Kimi', 'https://kimi.moonshot.cn/', '支援超長上下文的中文 AI 助理。', ['對話', '長文'], '免費'],
            ['通義千問', 'https://tongyi.aliyun.com/', '阿里雲推出的 AI 助理。', ['對話'], '免費'],
            ['文心一言', 'https://yiyan.baidu.com/', '百度推出的 AI 助理。', ['對話'], '免費'],
          ]),
        },
      ],
    },
    {
      group_name: 'AI 繪圖',
      tabs: [
        {
          tab_name: '圖像生成',
          sites: sites([
            ['Midjourney', 'https://www.midjourney.com/', '風格強烈、細節豐富的 AI 繪圖服務。', ['繪圖'], '付費'],
            ['Stable Diffusion', 'https://stability.ai/', '可本機執行的開源圖像生成模型。', ['繪圖', '開源'], '免費'],
            ['Leonardo.Ai', 'https://leonardo.ai/', '適合遊戲素材與概念設計的 AI 繪圖平台。', ['繪圖'], '免費試用'],
            [
              'Ideogram',
              'https://ideogram.ai/',
              '擅長在圖片中產生正確文字的 AI 繪圖工具。',
              ['繪圖', '文字'],
              '免費 / 付費',
            ],
            [
              'Adobe Firefly',
              'https://firefly.adobe.com/',
              'Adobe 的生成式 AI，可商用素材訓練。',
              ['繪圖', '可商用'],
              '免費試用',
            ],
          ]),
        },
      ],
    },
    {
      group_name: 'AI 寫作與翻譯',
      tabs: [
        {
          tab_name: '寫作',
          sites: sites([
            ['DeepL', 'https://www.deepl.com/', '語感自然的 AI 翻譯與改寫工具。', ['翻譯'], '免費 / 付費'],
            ['Grammarly', 'https://www.grammarly.com/', '英文文法檢查與寫作建議。', ['英文寫作'], '免費 / 付費'],
            [
              'Notion AI',
              'https://www.notion.so/product/ai',
              '在 Notion 內摘要、改寫與問答。',
              ['寫作', '筆記'],
              '付費',
            ],
          ]),
        },
      ],
    },
    {
      group_name: 'AI 影音',
      tabs: [
        {
          tab_name: '影片與聲音',
          sites: sites([
            ['Runway', 'https://runwayml.com/', '文字與圖片生成影片的創作平台。', ['影片'], '免費試用'],
            ['Suno', 'https://suno.com/', '輸入描述即可生成完整歌曲。', ['音樂'], '免費 / 付費'],
            ['ElevenLabs', 'https://elevenlabs.io/', '擬真多語言語音合成與配音。', ['語音'], '免費 / 付費'],
            ['HeyGen', 'https://www.heygen.com/', 'AI 數位人影片與影片翻譯。', ['影片', '數位人'], '免費試用'],
          ]),
        },
      ],
    },
    {
      group_name: 'AI 程式',
      tabs: [
        {
          tab_name: '開發',
          sites: sites([
            [
              'GitHub Copilot',
              'https://github.com/features/copilot',
              '在編輯器中即時建議程式碼。',
              ['程式'],
              '免費 / 付費',
            ],
            ['Cursor', 'https://cursor.com/', '以 AI 為核心的程式碼編輯器。', ['程式', '編輯器'], '免費 / 付費'],
            ['Hugging Face', 'https://huggingface.co/', '開源模型、資料集與示範應用的社群。', ['模型', '開源'], '免費'],
            [
              'Replit',
              'https://replit.com/',
              '用自然語言在瀏覽器中建立並部署應用。',
              ['程式', '雲端 IDE'],
              '免費 / 付費',
            ],
          ]),
        },
      ],
    },
  ],
}
