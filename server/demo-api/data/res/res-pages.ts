import type { DemoPage, DemoPageGroup } from '../../tenant.ts'
import { makePage } from '../common.ts'
import { picture } from '../media.ts'

export const RES_GROUPS: DemoPageGroup[] = [{ group_id: 'g-help', group_name: '帮助中心', group_path: 'help' }]

const ABOUT = `
# 关于拾源

拾源是一个**只收录合法资源**的搜索站：开源软件、公开课程、公有领域的电子书、可商用字体与设计素材。

## 我们做什么

- 每天检查分享链接是否有效；
- 为每个资源写一段中文简介和标签；
- 按热度、更新时间和榜单整理，方便你发现好东西。

## 联系方式

- 意见与求资源：[意见反馈](/feedback)
- 合作：在反馈里留下联系方式即可
`

const FAQ = `
## 资源链接打不开？

每个资源通常有两个链接，先试第二个；都打不开时，在[反馈页](/feedback)告诉我们资源名称。

## 需要注册吗？

搜索和浏览不需要注册。收藏资源和发表文章需要登录。

## 验证码多久有效？

10 分钟内有效，只能使用一次；60 秒内不能重复发送。

## 可以投稿吗？

可以，登录后在文章页投稿，审核后展示。
`

const REPORT = `
<h2>侵权与失效举报</h2>
<p>如果你是资源的权利人，或发现链接已经失效，请通过下面任一方式告诉我们，我们会在 <strong>48 小时</strong> 内处理：</p>
<ol>
  <li>在 <a href="/feedback">意见反馈</a> 页选择“问题反馈”并写明资源地址；</li>
  <li>附上权属证明（如适用）。</li>
</ol>
<p class="note">处理结果会在反馈列表中回复。</p>
`

const GUIDE_INTRO = `拾源的使用文档：从搜索到转存，再到发表文章。`

export function resPages(now: number): DemoPage[] {
  return [
    makePage(
      {
        page_id: 'pg-res-about',
        page_type: 'custom',
        page_path: 'about',
        group_path: '',
        title: '关于拾源',
        page_config: { content_type: 'markdown', content: ABOUT.trim() },
        // This page shows a reduced header menu and its own meta tags.
        header_config: {
          is_enable: 1,
          enable_custom_header: 1,
          menu: [
            { name: '返回首页', url: '/', is_show: 1 },
            { name: '意见反馈', url: '/feedback', is_show: 1 },
          ],
        },
        seo_config: {
          tdk: {
            title: '关于我们 - 拾源搜索',
            description: '拾源只收录开源软件、公开课和公有领域资源。了解我们如何挑选与检查资源。',
            keywords: '关于拾源,合法资源,开源',
          },
          canonical_link: 'http://res.localhost/c/about',
        },
      },
      { description: '拾源是什么、收录什么、怎样联系我们。', ageDays: 30, now },
    ),
    makePage(
      {
        page_id: 'pg-res-faq',
        page_type: 'custom',
        page_path: 'faq',
        group_path: 'help',
        title: '常见问题',
        page_config: { content_type: 'markdown', content: FAQ.trim() },
      },
      { description: '链接失效、注册、验证码与投稿的常见问题。', ageDays: 6, now, group_id: 'g-help' },
    ),
    makePage(
      {
        page_id: 'pg-res-report',
        page_type: 'custom',
        page_path: 'report',
        group_path: 'help',
        title: '侵权与失效举报',
        page_config: { content_type: 'html', content: REPORT.trim() },
      },
      { description: '权利人投诉与失效链接举报的处理方式。', ageDays: 12, now, group_id: 'g-help' },
    ),
    makePage(
      {
        page_id: 'pg-res-guide',
        page_type: 'outline',
        page_path: 'guide',
        group_path: '',
        title: '使用文档',
        page_config: {
          outline: [
            {
              id: 'o1',
              title: '开始使用',
              path: 'start',
              content: `# 开始使用\n\n${GUIDE_INTRO}`,
              children: [
                {
                  id: 'o1-1',
                  title: '搜索资源',
                  path: 'search',
                  content:
                    '## 搜索资源\n\n在首页输入关键词，回车即可。支持按分类与网盘类型筛选。\n\n- 精确：整个词连续出现\n- 模糊：按空格拆词',
                },
                {
                  id: 'o1-2',
                  title: '查看详情',
                  path: 'detail',
                  content: '## 查看详情\n\n详情页展示简介、标签、分享链接和提取码，底部有相关推荐。',
                },
              ],
            },
            {
              id: 'o2',
              title: '账号',
              path: 'account',
              content: '# 账号\n\n注册需要邮箱验证码。',
              children: [
                {
                  id: 'o2-1',
                  title: '注册与登录',
                  path: 'login',
                  content: '## 注册与登录\n\n1. 填写邮箱与密码\n2. 输入 6 位验证码\n3. 登录',
                },
                {
                  id: 'o2-2',
                  title: '找回密码',
                  path: 'reset',
                  content: '## 找回密码\n\n在登录面板点击“忘记密码”，通过邮箱验证码设置新密码。',
                },
              ],
            },
            {
              id: 'o3',
              title: '转存到网盘',
              path: 'save',
              content:
                '# 转存到网盘\n\n详情页点击“转存”，成功后会得到新的分享链接。\n\n```text\n1030 分享链接错误\n1031 分享链接已过期\n```',
            },
          ],
        },
      },
      { description: '搜索、账号与转存的完整说明。', ageDays: 4, now },
    ),
    makePage(
      {
        page_id: 'pg-res-topics',
        page_type: 'list',
        page_path: 'topics',
        group_path: '',
        title: '专题页面',
        page_config: { page_type: 'custom', style: 1 },
      },
      { description: '站内所有专题与说明页面。', ageDays: 2, now, cover: picture('专题页面') },
    ),
    makePage(
      {
        page_id: 'pg-res-res',
        page_type: 'resource',
        page_path: 'res',
        group_path: '',
        title: '资源大全',
        page_config: { mode: 1, hot_kind: 2, style: 1 },
      },
      { description: '按分类浏览全部资源。', ageDays: 1, now },
    ),
  ]
}
