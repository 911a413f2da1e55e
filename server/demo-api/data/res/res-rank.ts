import type { RankPlatform, Resource } from '../../../../shared/content-types.ts'
import type { DemoRankEntry } from '../../tenant.ts'
import { siteRankEntries } from '../resources.ts'

export const RES_RANK_PLATFORMS: RankPlatform[] = [
  {
    key: 'site',
    name: '本站热门',
    categories: [
      {
        key: 'software',
        name: '软件工具',
        tags: [
          { key: 'open-source', name: '开源' },
          { key: 'cross-platform', name: '全平台' },
          { key: 'office', name: '办公效率' },
        ],
      },
      {
        key: 'ebook',
        name: '电子书',
        tags: [
          { key: 'classic', name: '古典名著' },
          { key: 'foreign', name: '外国文学' },
          { key: 'epub', name: 'EPUB' },
        ],
      },
      {
        key: 'course',
        name: '学习课程',
        tags: [
          { key: 'programming', name: '编程' },
          { key: 'math', name: '数学' },
          { key: 'exam', name: '考试备考' },
        ],
      },
      {
        key: 'font',
        name: '字体',
        tags: [
          { key: 'cjk-font', name: '中文字体' },
          { key: 'free-commercial', name: '免费商用' },
        ],
      },
    ],
  },
  {
    key: 'db',
    name: '豆瓣读书',
    categories: [
      {
        key: 'literature',
        name: '文学',
        tags: [
          { key: 'classic', name: '古典' },
          { key: 'foreign', name: '外国' },
          { key: 'modern', name: '现代' },
        ],
      },
      {
        key: 'history',
        name: '历史',
        tags: [
          { key: 'ancient', name: '古代史' },
          { key: 'world', name: '世界史' },
        ],
      },
    ],
  },
  {
    key: 'baidu',
    name: '百度热搜',
    categories: [
      {
        key: 'software',
        name: '软件',
        tags: [
          { key: 'office', name: '办公' },
          { key: 'design', name: '设计' },
          { key: 'dev', name: '开发' },
        ],
      },
      {
        key: 'study',
        name: '学习',
        tags: [
          { key: 'exam', name: '考试' },
          { key: 'language', name: '语言' },
          { key: 'it', name: 'IT 技能' },
        ],
      },
    ],
  },
]

type Row = [title: string, score: number, tags: string[], seo_title?: string]

// Book ratings (out of 10) and search heat; rows that this site carries link to the detail page.
const EXTERNAL: Record<string, Record<string, Row[]>> = {
  db: {
    literature: [
      ['红楼梦', 9.6, ['classic'], 'hongloumeng-epub'],
      ['三国演义', 9.3, ['classic'], 'sanguo-yanyi'],
      ['西游记', 9.1, ['classic'], 'xiyouji-annotated'],
      ['水浒传', 8.9, ['classic'], 'shuihu-zhuan'],
      ['唐诗三百首', 9.4, ['classic'], 'tangshi-300'],
      ['诗经', 9.2, ['classic'], 'shijing'],
      ['傲慢与偏见', 8.9, ['foreign'], 'pride-and-prejudice'],
      ['福尔摩斯探案全集', 9.3, ['foreign'], 'sherlock-holmes'],
      ['简·爱', 8.6, ['foreign']],
      ['呼啸山庄', 8.5, ['foreign']],
      ['呐喊', 9.0, ['modern']],
      ['朝花夕拾', 9.0, ['modern']],
      ['边城', 8.7, ['modern']],
      ['骆驼祥子', 8.5, ['modern']],
    ],
    history: [
      ['史记', 9.6, ['ancient'], 'shiji'],
      ['资治通鉴', 9.6, ['ancient']],
      ['论语', 9.2, ['ancient'], 'lunyu'],
      ['左传', 9.3, ['ancient']],
      ['汉书', 9.2, ['ancient']],
      ['伯罗奔尼撒战争史', 9.1, ['world']],
      ['历史（希罗多德）', 9.0, ['world']],
      ['罗马帝国衰亡史', 9.1, ['world']],
    ],
  },
  baidu: {
    software: [
      ['LibreOffice 下载', 48210, ['office'], 'libreoffice-24-8'],
      ['PDF 转 Word', 45120, ['office']],
      ['7-Zip 官方版', 30115, ['office'], '7zip-24'],
      ['思源黑体', 28760, ['design'], 'source-han-sans'],
      ['免费图标库', 25110, ['design'], 'flat-icons-2000'],
      ['GIMP 教程', 18230, ['design'], 'gimp-2-10'],
      ['VS Code 插件推荐', 36420, ['dev'], 'vscode-portable'],
      ['JetBrains Mono', 15880, ['dev'], 'jetbrains-mono'],
      ['Git 入门', 22010, ['dev']],
      ['Blender 中文教程', 19540, ['design'], 'blender-4-2-lts'],
      ['OBS 录屏设置', 26870, ['office'], 'obs-studio-30'],
    ],
    study: [
      ['考研政治大纲', 51230, ['exam'], 'kaoyan-politics'],
      ['高数期末复习', 38760, ['exam'], 'advanced-math-tongji'],
      ['四级高频词汇', 41200, ['exam', 'language']],
      ['英语语法大全', 29870, ['language'], 'english-grammar'],
      ['日语五十音', 21040, ['language']],
      ['Python 入门', 44310, ['it'], 'python-intro-course'],
      ['Excel 数据透视表', 33450, ['it'], 'excel-pivot'],
      ['Linux 常用命令', 27690, ['it'], 'linux-command-line'],
      ['CS50 中文字幕', 16220, ['it'], 'cs50-2024'],
    ],
  },
}

export function resRankEntries(resources: readonly Resource[]): DemoRankEntry[] {
  const external = Object.entries(EXTERNAL).flatMap(([platform, categories]) =>
    Object.entries(categories).flatMap(([category, rows]) =>
      rows.map(([title, score, tags, seo_title]) => ({
        platform,
        category,
        tags,
        title,
        score,
        ...(seo_title ? { seo_title } : {}),
      })),
    ),
  )
  return [...siteRankEntries(resources, 'site'), ...external]
}
