import type { CatalogCategory, CatalogEntry } from '../resources.ts'

/** One entry of a catalog category. */
export const catalogEntry = (title: string, slug: string, description: string, tags: string[]): CatalogEntry => ({
  title,
  slug,
  description,
  tags,
})
const e = catalogEntry

/** The res site's material categories: open data, design assets, fonts, wallpapers and office templates. */
export const MATERIAL_CATEGORIES: CatalogCategory[] = [
  {
    key: 'dataset',
    name: '开放数据',
    entries: [
      e('中国行政区划 省市区三级 JSON', 'china-divisions-json', '省、市、区县三级行政区划代码与名称，含经纬度。', [
        'json-data',
        'geo',
      ]),
      e('全国地铁线路与站点 GeoJSON', 'metro-geojson', '主要城市地铁线路走向与站点坐标，可直接加载到地图。', [
        'geo',
        'json-data',
      ]),
      e('中文新闻分类语料 精简版', 'news-corpus-lite', '十个类别、每类五千篇的新闻标题与正文，适合文本分类练习。', [
        'nlp',
      ]),
      e('唐诗宋词 全集 JSON', 'chinese-poetry-json', '五万余首唐诗与两万余首宋词，含作者与朝代字段。', [
        'json-data',
        'nlp',
        'classic',
      ]),
      e('世界银行 各国 GDP 1960-2023', 'worldbank-gdp', '按年份整理的各国 GDP 与人均 GDP，CSV 与 JSON 两种格式。', [
        'json-data',
      ]),
      e('中文停用词表 合集', 'chinese-stopwords', '多个常用停用词表的合并去重版本，分词预处理必备。', ['nlp']),
      e('全国邮政编码 数据库', 'postcode-db', '邮政编码与区县对应关系，SQLite 与 JSON 双格式。', ['json-data', 'geo']),
      e('汉字拼音与笔画 对照表', 'hanzi-pinyin', '两万余汉字的拼音、声调、笔画数与部首。', ['json-data', 'nlp']),
      e('OpenStreetMap 中国区域 PBF', 'osm-china-pbf', 'OpenStreetMap 中国区域数据快照，适合自建地图服务。', [
        'geo',
        'open-source',
      ]),
      e('中文维基百科 摘要语料', 'zhwiki-abstract', '词条标题与首段摘要，已做繁简转换与清洗。', ['nlp']),
      e('常用汉字 3500 字表', 'common-hanzi-3500', '《通用规范汉字表》一级字表，按频率排序。', [
        'json-data',
        'beginner',
      ]),
    ],
  },
  {
    key: 'design',
    name: '设计素材',
    entries: [
      e('扁平化图标 2000 枚 SVG', 'flat-icons-2000', '覆盖办公、电商、交通等 20 个主题的扁平图标，可改色。', [
        'svg',
        'free-commercial',
      ]),
      e('手绘插画 人物场景 合集', 'hand-drawn-illustrations', '办公、学习、居家等场景的手绘人物插画，SVG 与 PNG。', [
        'svg',
        'free-commercial',
      ]),
      e('中国传统纹样 矢量素材', 'chinese-patterns', '云纹、回纹、祥云等 300 款传统纹样，矢量可编辑。', [
        'chinese-style',
        'svg',
      ]),
      e('UI 组件套件 Figma 源文件', 'figma-ui-kit', '按钮、表单、导航等 400 个组件，支持自动布局与暗色模式。', [
        'figma',
      ]),
      e('渐变配色方案 300 组', 'gradient-palettes', '带 HEX 色值的渐变配色，附 CSS 代码与 Figma 样式。', [
        'figma',
        'free-commercial',
      ]),
      e('国潮海报模板 PSD', 'guochao-posters', '节日与活动海报模板 40 款，分层可编辑。', ['chinese-style', 'psd']),
      e('3D 等距插画 素材包', 'isometric-3d', '等距视角的建筑、设备与人物插画，适合落地页。', [
        'free-commercial',
        'figma',
      ]),
      e('电商 Banner 模板 合集', 'ecommerce-banners', '首页轮播图与活动横幅模板 60 款，PSD 源文件。', ['psd']),
      e('手机样机 Mockup 2024', 'phone-mockups', '多角度手机样机，智能对象一键替换截图。', ['psd', 'mobile']),
      e('节日元素 免抠 PNG', 'festival-png', '春节、中秋、端午等节日装饰元素，透明背景。', [
        'chinese-style',
        'free-commercial',
      ]),
      e('线性图标 Line Icons 1200 枚', 'line-icons-1200', '统一 1.5px 线宽的线性图标，SVG 与图标字体。', [
        'svg',
        'free-commercial',
      ]),
    ],
  },
  {
    key: 'font',
    name: '字体',
    entries: [
      e('思源黑体 全字重', 'source-han-sans', '七个字重的开源黑体，覆盖简繁日韩，SIL 开源授权。', [
        'cjk-font',
        'free-commercial',
        'open-source',
      ]),
      e('思源宋体 全字重', 'source-han-serif', '七个字重的开源宋体，适合长文排版与印刷。', [
        'cjk-font',
        'free-commercial',
        'open-source',
      ]),
      e('霞鹜文楷', 'lxgw-wenkai', '基于开源字体衍生的楷体，清新易读，适合笔记与阅读。', [
        'cjk-font',
        'free-commercial',
        'open-source',
      ]),
      e('站酷快乐体', 'zcool-kuaile', '圆润活泼的标题字体，可免费商用。', ['cjk-font', 'free-commercial']),
      e('阿里巴巴普惠体 3.0', 'alibaba-puhuiti-3', '多字重无衬线中文字体，可免费商用。', [
        'cjk-font',
        'free-commercial',
      ]),
      e('得意黑', 'smiley-sans', '略带斜度的开源标题字体，适合海报与封面。', [
        'cjk-font',
        'free-commercial',
        'open-source',
      ]),
      e('HarmonyOS Sans 字体', 'harmonyos-sans', '为多设备阅读设计的无衬线字体，含中英文与多字重。', [
        'cjk-font',
        'free-commercial',
      ]),
      e('JetBrains Mono 编程字体', 'jetbrains-mono', '为代码阅读设计的等宽字体，支持连字。', [
        'programming',
        'free-commercial',
        'open-source',
      ]),
      e('更纱黑体 Sarasa Gothic', 'sarasa-gothic', '中英文等宽搭配的开源字体，适合终端与编辑器。', [
        'cjk-font',
        'programming',
        'open-source',
      ]),
      e('MiSans 字体', 'misans', '简洁现代的无衬线字体，十个字重，可免费商用。', ['cjk-font', 'free-commercial']),
      e('OPPO Sans 字体', 'oppo-sans', '几何感的无衬线字体，可免费商用。', ['cjk-font', 'free-commercial']),
    ],
  },
  {
    key: 'wallpaper',
    name: '壁纸',
    entries: [
      e('4K 自然风光壁纸 200 张', '4k-nature-wallpapers', '雪山、森林、海岸等自然风光，3840×2160 原图。', ['4k']),
      e('极简几何 桌面壁纸', 'minimal-geometric', '低饱和度几何图形，适合专注工作的桌面。', ['4k', 'free-commercial']),
      e('城市夜景 4K 壁纸', 'city-night-4k', '城市天际线与街道夜景，暗色调护眼。', ['4k']),
      e('星空银河 高清壁纸', 'milky-way', '长曝光星空与银河拱桥摄影作品。', ['4k', 'mobile']),
      e('中国风山水 壁纸', 'shanshui-wallpapers', '水墨山水风格插画壁纸，电脑与手机双尺寸。', [
        'chinese-style',
        'mobile',
      ]),
      e('手机竖屏 渐变壁纸', 'phone-gradient', '柔和渐变色壁纸 100 张，适配全面屏。', ['mobile']),
      e('像素风 游戏场景壁纸', 'pixel-art-wallpapers', '复古像素风场景插画，多种分辨率。', ['free-commercial']),
      e('海浪 动态壁纸 60 帧', 'live-ocean-waves', '循环播放的海浪视频壁纸，适配常见壁纸软件。', ['4k']),
      e('带鱼屏 超宽壁纸 合集', 'ultrawide-wallpapers', '21:9 与 32:9 超宽屏壁纸，覆盖风景与抽象。', ['4k']),
      e('二十四节气 插画壁纸', 'solar-terms', '每个节气一张原创风格插画，附节气介绍。', ['chinese-style', 'mobile']),
      e('猫咪 治愈系壁纸', 'cats-wallpapers', '各种猫咪的日常摄影，手机与电脑尺寸。', ['mobile']),
    ],
  },
  {
    key: 'template',
    name: '办公模板',
    entries: [
      e('工作总结 PPT 模板 50 套', 'work-summary-ppt', '年终总结、述职报告模板，图表数据可直接修改。', [
        'ppt',
        'office',
      ]),
      e('个人简历 Word 模板 100 套', 'resume-templates', '应届生、技术岗、设计岗等多种风格的简历模板。', [
        'office',
        'beginner',
      ]),
      e('项目甘特图 Excel 模板', 'gantt-excel', '输入起止日期自动生成甘特图，显示进度与里程碑。', ['excel', 'office']),
      e('毕业论文 排版模板', 'thesis-template', '标题样式、目录、页眉页脚与参考文献格式已设置好。', ['office']),
      e('财务报表 自动计算模板', 'finance-report', '利润表、资产负债表与现金流量表联动计算。', ['excel', 'office']),
      e('会议纪要 模板合集', 'meeting-minutes', '周会、评审会、复盘会等会议纪要模板。', ['office']),
      e('年会颁奖 PPT 模板', 'annual-party-ppt', '红金配色的年会与颁奖典礼模板，含动画。', ['ppt', 'chinese-style']),
      e('周报日报 Notion 模板', 'notion-weekly', '任务看板与周报自动汇总的 Notion 模板。', ['office']),
      e('常用合同 协议范本', 'contract-samples', '劳动、租赁、采购等常用合同范本，可编辑 Word 版。', ['office']),
      e('家庭记账 Excel 模板', 'family-budget', '收支分类统计与月度图表，手机也能填写。', ['excel', 'mobile']),
      e('产品需求文档 PRD 模板', 'prd-template', '背景、目标、功能列表与验收标准的完整结构。', ['office']),
    ],
  },
]
