import type { Tag } from '../../../../shared/content-types.ts'
import type { CatalogCategory } from '../resources.ts'
import { catalogEntry, MATERIAL_CATEGORIES } from './res-catalog-materials.ts'

/** Tags of the resource site; the descriptions fill #标签描述# on tag pages. */
export const RES_TAGS: Tag[] = [
  { slug: 'open-source', name: '开源', description: '源代码公开、可自由使用和修改的软件与项目。' },
  { slug: 'free-commercial', name: '免费商用', description: '授权允许免费用于商业项目的字体、素材与模板。' },
  { slug: 'cross-platform', name: '全平台', description: '同时支持 Windows、macOS 与 Linux 的软件。' },
  { slug: 'windows', name: 'Windows', description: '适用于 Windows 10/11 的软件与工具。' },
  { slug: 'classic', name: '古典名著', description: '已进入公有领域的中国古典文学作品。' },
  { slug: 'epub', name: 'EPUB', description: '可在手机、电纸书阅读器上直接打开的 EPUB 电子书。' },
  { slug: 'foreign', name: '外国文学', description: '公有领域的外国文学经典，多为中英对照。' },
  { slug: 'subtitles', name: '中英字幕', description: '附带中英双语字幕的公开课与讲座视频。' },
  { slug: 'programming', name: '编程', description: '编程语言、开发工具与计算机基础相关资源。' },
  { slug: 'math', name: '数学', description: '高等数学、线性代数等数学课程与讲义。' },
  { slug: 'exam', name: '考试备考', description: '考研、四六级、职业资格考试的复习资料。' },
  { slug: 'json-data', name: 'JSON 数据', description: '整理成 JSON 格式、可直接导入程序的开放数据。' },
  { slug: 'geo', name: '地理信息', description: '行政区划、地图与坐标类开放数据。' },
  { slug: 'nlp', name: '中文语料', description: '用于自然语言处理研究的中文文本语料。' },
  { slug: 'svg', name: 'SVG 矢量', description: '可无损缩放的 SVG 矢量图标与插画。' },
  { slug: 'psd', name: 'PSD 源文件', description: '可在 Photoshop 中编辑的分层源文件。' },
  { slug: 'figma', name: 'Figma', description: '可直接导入 Figma 使用的设计文件。' },
  { slug: 'chinese-style', name: '国风', description: '传统纹样、山水与节气等中国风设计元素。' },
  { slug: '4k', name: '4K 高清', description: '分辨率 3840×2160 及以上的高清图片。' },
  { slug: 'mobile', name: '手机适配', description: '为手机竖屏尺寸准备的壁纸与模板。' },
  { slug: 'office', name: '办公效率', description: '提升日常办公效率的工具与模板。' },
  { slug: 'excel', name: 'Excel', description: '带公式、可直接填写的 Excel 表格模板。' },
  { slug: 'ppt', name: 'PPT', description: '可编辑的 PowerPoint 演示文稿模板。' },
  { slug: 'beginner', name: '零基础', description: '从零开始、无需前置知识的入门资源。' },
  { slug: 'cjk-font', name: '中文字体', description: '覆盖常用简繁汉字的中文字体。' },
]

const e = catalogEntry

/** Only free, open or public-domain material: the demo site shows what a legal resource site looks like. */
export const RES_CATALOG: CatalogCategory[] = [
  {
    key: 'software',
    name: '软件工具',
    entries: [
      e(
        'LibreOffice 24.8 安装包（Win/Mac/Linux）',
        'libreoffice-24-8',
        '免费开源的办公套件，兼容 Word、Excel、PowerPoint 文档，附中文语言包与离线帮助。',
        ['open-source', 'cross-platform', 'office'],
      ),
      e(
        'VLC 媒体播放器 3.0 全平台版',
        'vlc-media-player',
        '几乎能播放所有音视频格式的开源播放器，无广告，支持字幕与串流。',
        ['open-source', 'cross-platform'],
      ),
      e('GIMP 2.10 图像编辑器', 'gimp-2-10', '开源位图编辑软件，支持图层、蒙版、滤镜，可打开 PSD 文件。', [
        'open-source',
        'cross-platform',
        'psd',
      ]),
      e('Inkscape 1.3 矢量绘图', 'inkscape-1-3', '原生 SVG 格式的矢量绘图工具，适合绘制图标、插画和排版。', [
        'open-source',
        'svg',
        'cross-platform',
      ]),
      e('7-Zip 24 压缩解压工具', '7zip-24', '高压缩率的开源压缩软件，支持 7z、zip、tar 等常见格式。', [
        'open-source',
        'windows',
        'office',
      ]),
      e('Visual Studio Code 便携版', 'vscode-portable', '轻量代码编辑器，内置 Git 与调试，扩展丰富，解压即用。', [
        'programming',
        'cross-platform',
      ]),
      e('OBS Studio 30 录屏直播', 'obs-studio-30', '开源录屏与直播推流软件，支持多场景切换与多路音频混合。', [
        'open-source',
        'cross-platform',
      ]),
      e(
        'Blender 4.2 LTS 三维创作套件',
        'blender-4-2-lts',
        '建模、动画、渲染与视频剪辑一体的开源三维软件，长期支持版。',
        ['open-source', 'cross-platform'],
      ),
      e('KeePassXC 密码管理器', 'keepassxc', '本地加密保存密码的开源工具，支持浏览器自动填充与 TOTP。', [
        'open-source',
        'cross-platform',
        'office',
      ]),
      e('Audacity 3.6 音频编辑器', 'audacity-3-6', '多轨音频录制与剪辑软件，降噪、变速、导出 MP3 一应俱全。', [
        'open-source',
        'cross-platform',
      ]),
      e('Thunderbird 邮件客户端', 'thunderbird', 'Mozilla 出品的开源邮件客户端，支持多账户、日历和加密邮件。', [
        'open-source',
        'office',
        'windows',
      ]),
    ],
  },
  {
    key: 'ebook',
    name: '电子书',
    entries: [
      e('《红楼梦》程乙本 精校 EPUB', 'hongloumeng-epub', '曹雪芹原著，依程乙本精校排版，附人物关系表与回目索引。', [
        'classic',
        'epub',
      ]),
      e('《西游记》百回本 注音版', 'xiyouji-annotated', '吴承恩著，生僻字加注拼音，适合亲子共读。', [
        'classic',
        'epub',
        'beginner',
      ]),
      e('《三国演义》毛宗岗评本', 'sanguo-yanyi', '罗贯中原著，保留毛宗岗父子回评，EPUB 与 PDF 双格式。', [
        'classic',
        'epub',
      ]),
      e('《水浒传》一百回本', 'shuihu-zhuan', '施耐庵著，繁简对照版本，目录可跳转。', ['classic']),
      e('《鲁迅全集》公版合集', 'luxun-collection', '收录小说、杂文与散文诗，已进入公有领域的全部作品。', [
        'classic',
        'epub',
      ]),
      e('《傲慢与偏见》中英对照', 'pride-and-prejudice', '简·奥斯汀代表作，逐段中英对照，适合英语阅读练习。', [
        'foreign',
        'epub',
      ]),
      e('《福尔摩斯探案全集》', 'sherlock-holmes', '柯南·道尔的 4 部长篇与 56 个短篇，插图版。', ['foreign', 'epub']),
      e('《史记》三家注 点校本', 'shiji', '司马迁著，附裴骃、司马贞、张守节三家注释。', ['classic']),
      e('《诗经》全译注', 'shijing', '305 篇全文、注释与白话译文，按风雅颂编排。', ['classic', 'beginner']),
      e('《论语》译注 口袋本', 'lunyu', '二十篇原文、注释与今译，排版适合手机阅读。', ['classic', 'epub', 'mobile']),
      e('《唐诗三百首》图文版', 'tangshi-300', '蘅塘退士选本，每首配赏析与插图。', ['classic', 'beginner']),
    ],
  },
  {
    key: 'course',
    name: '学习课程',
    entries: [
      e('Python 编程入门 公开课合集', 'python-intro-course', '从变量到面向对象，60 节短视频加练习题，零基础可学。', [
        'programming',
        'beginner',
      ]),
      e('MIT 线性代数 18.06 中英字幕', 'mit-linear-algebra', 'Gilbert Strang 教授经典课程，34 讲，配讲义与习题。', [
        'math',
        'subtitles',
      ]),
      e('CS50 计算机科学导论 2024', 'cs50-2024', '哈佛公开课，覆盖 C、Python、SQL 与 Web 开发，中英字幕。', [
        'programming',
        'subtitles',
        'beginner',
      ]),
      e('高等数学 同济第七版 配套讲解', 'advanced-math-tongji', '逐章精讲与课后习题解析，适合期末与考研复习。', [
        'math',
        'exam',
      ]),
      e('英语语法 系统精讲 全套', 'english-grammar', '从句、时态、非谓语动词系统梳理，附思维导图。', [
        'exam',
        'beginner',
      ]),
      e('数据结构与算法 图解教程', 'data-structures', '用动画讲解链表、树、图与常见排序算法，配 Python 代码。', [
        'programming',
      ]),
      e('机器学习 入门课程笔记', 'ml-course-notes', '监督学习、神经网络与模型评估的中文笔记与作业。', [
        'programming',
        'math',
      ]),
      e('前端开发 HTML/CSS/JS 入门', 'frontend-basics', '做出第一个网页：语义化 HTML、Flex 布局与 DOM 操作。', [
        'programming',
        'beginner',
      ]),
      e('考研政治 知识点精讲', 'kaoyan-politics', '按大纲整理的知识点讲解与历年真题分析。', ['exam']),
      e('Excel 函数与数据透视表实战', 'excel-pivot', 'VLOOKUP、XLOOKUP、数据透视表与图表，配练习文件。', [
        'excel',
        'office',
        'beginner',
      ]),
      e('Linux 命令行 从入门到熟练', 'linux-command-line', '文件、权限、管道、Shell 脚本，一周掌握日常操作。', [
        'programming',
        'open-source',
      ]),
    ],
  },
  ...MATERIAL_CATEGORIES,
]
