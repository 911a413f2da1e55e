import type { PostCategory } from '../../../../shared/content-types.ts'
import type { PostDef } from '../posts.ts'
import { RES_HELP_POSTS } from './res-help-posts.ts'

export const RES_POST_CATEGORIES: PostCategory[] = [
  { id: 'guide', name: '使用指南', description: '如何更快地找到、保存和使用资源。' },
  { id: 'picks', name: '资源推荐', description: '编辑整理的主题资源清单。' },
  { id: 'notes', name: '技术笔记', description: '和资源相关的软件、格式与工具知识。' },
]

export const RES_POSTS: PostDef[] = [
  ...RES_HELP_POSTS,
  {
    path: 'free-fonts',
    title: '{year} 年可免费商用的中文字体清单',
    category: 'picks',
    tags: ['字体', '可商用'],
    author: '设计组',
    ageDays: 3,
    views: 6120,
    description: '从思源黑体到得意黑，十款可以放心商用的中文字体和它们的授权说明。',
    content: `
## 正文字体

- [思源黑体](/d/source-han-sans)：七个字重，覆盖简繁日韩；
- [思源宋体](/d/source-han-serif)：长文阅读首选；
- [霞鹜文楷](/d/lxgw-wenkai)：适合笔记和阅读类产品。

## 标题字体

- [得意黑](/d/smiley-sans)：带一点斜度，很有个性；
- [站酷快乐体](/d/zcool-kuaile)：圆润活泼。

## 授权要点

商用前务必阅读字体附带的授权文件，**SIL Open Font License** 允许商用但不允许单独售卖字体文件。`,
  },
  {
    path: 'open-source-office',
    title: '告别破解版：一套开源办公软件就够了',
    category: 'picks',
    tags: ['开源', '办公'],
    author: '小满',
    ageDays: 7,
    views: 4350,
    description: '文档、表格、图像、压缩、密码管理，全部用开源软件替代。',
    content: `
## 清单

1. **文档与表格**：[LibreOffice](/d/libreoffice-24-8)
2. **图像编辑**：[GIMP](/d/gimp-2-10)
3. **压缩解压**：[7-Zip](/d/7zip-24)
4. **密码管理**：[KeePassXC](/d/keepassxc)

## 为什么推荐开源

- 免费且合法；
- 没有广告和捆绑；
- 文件格式开放，十年后依然能打开。`,
  },
  {
    path: 'learn-programming-free',
    title: '零基础学编程：五门免费公开课',
    category: 'picks',
    tags: ['编程', '公开课'],
    author: '阿青',
    ageDays: 11,
    views: 3980,
    description: '从 CS50 到 Linux 命令行，一条不花钱的入门路线。',
    content: `
## 推荐顺序

1. [CS50 计算机科学导论](/d/cs50-2024)
2. [Python 编程入门](/d/python-intro-course)
3. [前端开发入门](/d/frontend-basics)
4. [数据结构与算法](/d/data-structures)
5. [Linux 命令行](/d/linux-command-line)

## 第一个程序

\`\`\`python
name = input("你的名字：")
print(f"你好，{name}！")
\`\`\`

每天一小时，三个月后你会感谢现在的自己。`,
  },
  {
    path: 'public-domain-classics',
    title: '公版经典书单：这些名著可以放心下载',
    category: 'picks',
    tags: ['电子书', '公版'],
    author: '书童',
    ageDays: 18,
    views: 2270,
    description: '作者去世超过 50 年的作品进入公有领域，这份书单里的都可以自由传播。',
    content: `
## 中国古典

- [红楼梦](/d/hongloumeng-epub)
- [三国演义](/d/sanguo-yanyi)
- [史记](/d/shiji)

## 外国文学

- [傲慢与偏见](/d/pride-and-prejudice)
- [福尔摩斯探案全集](/d/sherlock-holmes)

> 注意：公版指的是原文，新近出版的译本和注释可能仍受版权保护。`,
  },
  {
    path: 'epub-vs-pdf',
    title: 'EPUB 和 PDF 有什么区别？电子书格式入门',
    category: 'notes',
    tags: ['电子书', '格式'],
    author: '书童',
    ageDays: 4,
    views: 1890,
    description: 'EPUB 会随屏幕重排，PDF 保持版式不变；手机阅读优先选 EPUB。',
    content: `
## 一句话区别

- **EPUB**：内容随屏幕大小重新排版，字号可调；
- **PDF**：每页固定，适合打印和有复杂版式的书。

## 用什么打开

| 平台 | 推荐 |
| --- | --- |
| 手机 | 系统自带图书应用 |
| 电脑 | 任意 EPUB 阅读器 |

## 转换

\`\`\`bash
ebook-convert input.pdf output.epub
\`\`\``,
  },
  {
    path: 'verify-downloads',
    title: '下载的安装包安全吗？学会校验 SHA-256',
    category: 'notes',
    tags: ['安全', '校验'],
    author: '小满',
    ageDays: 8,
    views: 2760,
    description: '对比官方公布的 SHA-256 值，三秒钟确认安装包没有被篡改。',
    content: `
## 为什么要校验

安装包在传输中可能损坏，也可能被人替换。对比哈希值是最简单的检查。

## 怎么做

Windows：

\`\`\`powershell
Get-FileHash .\\LibreOffice.msi -Algorithm SHA256
\`\`\`

macOS / Linux：

\`\`\`bash
shasum -a 256 LibreOffice.dmg
\`\`\`

结果和官网公布的值**完全一致**才说明文件完好。`,
  },
  {
    path: 'json-datasets',
    title: '用 JSON 开放数据做一个省市区选择器',
    category: 'notes',
    tags: ['数据', '前端'],
    author: '阿青',
    ageDays: 16,
    views: 1430,
    description: '以行政区划数据为例，二十行代码实现三级联动。',
    content: `
## 数据结构

[行政区划数据](/d/china-divisions-json) 是嵌套结构：省包含市，市包含区县。

## 代码

\`\`\`js
const provinces = await fetch('/divisions.json').then((r) => r.json())
function citiesOf(code) {
  return provinces.find((p) => p.code === code)?.children ?? []
}
\`\`\`

## 注意

- 行政区划每年都有调整，记得定期更新数据；
- 大文件可以按省拆分，按需加载。`,
  },
  {
    path: 'wallpaper-resolution',
    title: '壁纸分辨率怎么选：4K、2K 与带鱼屏',
    category: 'notes',
    tags: ['壁纸'],
    author: '设计组',
    ageDays: 21,
    views: 990,
    description: '屏幕分辨率、缩放比例和壁纸尺寸的关系，一张表看懂。',
    content: `
## 常见分辨率

| 名称 | 分辨率 |
| --- | --- |
| 2K | 2560×1440 |
| 4K | 3840×2160 |
| 带鱼屏 | 3440×1440 |

## 选择建议

1. 壁纸分辨率**不低于**屏幕分辨率；
2. 带鱼屏请选 21:9 的[超宽壁纸](/d/ultrawide-wallpapers)；
3. 手机选竖屏尺寸，避免被裁切。`,
  },
]
