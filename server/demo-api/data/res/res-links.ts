import type { LinkGroup } from '../../../../shared/content-types.ts'
import { icon } from '../media.ts'

/** The res site's friend links, by group. */
export const RES_LINKS: LinkGroup[] = [
  {
    name: '开源社区',
    list: [
      {
        name: 'GitHub',
        url: 'https://github.com/',
        description: '全球最大的开源代码托管平台',
        logo_url: icon('GH', '#111827'),
      },
      { name: 'Gitee', url: 'https://gitee.com/', description: '国内开源代码托管平台', logo_url: icon('G', '#c71d23') },
      {
        name: 'SourceForge',
        url: 'https://sourceforge.net/',
        description: '老牌开源软件下载站',
        logo_url: icon('SF', '#ff6600'),
      },
    ],
  },
  {
    name: '公开课',
    list: [
      {
        name: 'MIT OpenCourseWare',
        url: 'https://ocw.mit.edu/',
        description: '麻省理工学院公开课程',
        logo_url: icon('MIT', '#a31f34'),
      },
      {
        name: '中国大学 MOOC',
        url: 'https://www.icourse163.org/',
        description: '国内高校在线课程',
        logo_url: icon('慕', '#16a34a'),
      },
    ],
  },
  {
    name: '公版图书',
    list: [
      {
        name: 'Project Gutenberg',
        url: 'https://www.gutenberg.org/',
        description: '七万余本公有领域电子书',
        logo_url: icon('PG', '#4b5563'),
      },
      {
        name: '维基文库',
        url: 'https://zh.wikisource.org/',
        description: '自由的图书馆',
        logo_url: icon('文', '#0891b2'),
      },
    ],
  },
]
