import type { PageMessages } from './en.ts'

const zh: PageMessages = {
  // Fixed pages and errors (SPEC §2, §8)
  pageNotFoundLead: '您访问的页面不存在或已被移除。',
  internalServerErrorLead: '我们这边出了点问题，请稍后再试。',
  methodNotAllowedLead: '该地址不接受此类请求。',
  backToHome: '返回首页',
  fetchFailed: '页面加载失败，请检查网络连接后重试。',
  loading: '加载中…',

  // Layout
  home: '首页',
  menu: '菜单',
  language: '语言',
  search: '搜索',
  searchPlaceholder: '搜索资源',
  searchPosts: '搜索文章',
  skipToContent: '跳到主要内容',
  announcement: '公告',
  disclaimer: '免责声明',
  friendshipLinks: '友情链接',
  links: '链接',
  backToTop: '返回顶部',

  // Resources, search, rankings, tags
  searchResultsFor: '“{{query}}”的搜索结果',
  searchEmptyQuery: '请输入关键词进行搜索。',
  resultsCount_other: '共 {{count, number}} 条结果',
  noResults: '未找到相关内容。',
  matchingPages: '相关页面',
  hotResources: '热门资源',
  newResources: '最新资源',
  hotSearches: '热门搜索',
  newest: '最新',
  allCategories: '全部分类',
  category: '分类',
  tags: '标签',
  views_other: '{{count, number}} 次浏览',
  updatedAt: '更新于 {{date}}',
  publishedAt: '发布于 {{date}}',
  resourceLinks: '资源链接',
  extractionCode: '提取码：{{code}}',
  openLink: '打开链接',
  copyLink: '复制链接',
  recommended: '猜你喜欢',
  rankings: '排行榜',
  rank: '排名',
  score: '评分',
  contactUs: '联系我们',
  previousPage: '上一页',
  nextPage: '下一页',
  pageOf: '第 {{page}} 页，共 {{pages}} 页',
  shareLinkError: '分享链接无效。',
  shareLinkExpired: '分享链接已失效。',

  // Posts
  posts: '文章',
  postCategories: '文章分类',
  readMore: '阅读全文',
  byAuthor: '作者：{{name}}',
  writePost: '写文章',

  // Feedback and links
  feedback: '意见反馈',
  feedbackLead: '欢迎告诉我们您的想法，或您正在寻找的内容。',
  submit: '提交',
  submitting: '提交中…',
  submitted: '感谢您的反馈！消息已发送。',
  reply: '回复',
  required: '必填',

  // Content pages
  tableOfContents: '目录',
  visitSite: '访问网站',
  validCodes: '有效兑换码',
  expiredCodes: '已过期兑换码',
  expiresAt: '{{date}} 到期',
  copy: '复制',
  copied: '已复制',
  faq: '常见问题',

  // Outbound link interstitial (/goto)
  leavingSite: '您即将离开本站',
  leavingSiteLead_other: '{{count, number}} 秒后将跳转至以下地址。',
  continueToSite: '继续访问',
  invalidLink: '该链接无效。',

  // WeChat in-app browser screen (SPEC §2)
  openInBrowser: '请在浏览器中打开',
  openInBrowserLead: '点击右上角的菜单，选择“在浏览器打开”，或复制下方链接。',
  copySuccessOpenBrowser: '链接已复制，请粘贴到浏览器中继续访问。',
  copyFailed: '复制失败，请手动复制地址。',

  // Promo
  close: '关闭',

  // Sign in (SPEC §4, §5, §8)
  login: '登录',
  logout: '退出登录',
  email: '邮箱',
  back: '返回',
  signedInAs: '已登录：{{name}}',
  contactOptional: '联系方式（选填）',
  formHasProblems: '请检查标出的字段。',
  submitFailed: '发送失败，请重试。',
  fieldRequired: '请填写{{label}}。',
  fieldTooLong: '{{label}}不能超过 {{max}} 个字符。',
  fieldInvalidChoice: '请从列表中选择{{label}}。',
  dismiss: '关闭',
  transferSave: '一键转存',
  transferSaving: '转存中…',
  transferSaved: '转存成功，你的分享链接：',
  transferFailed: '转存失败，请稍后再试。',
  postTitle: '标题',
  postContent: '正文（Markdown）',
  postTags: '标签（用逗号分隔）',
  write: '编辑',
  preview: '预览',
  publish: '发布',
  signInToWrite: '请先登录再撰写文章。',
  postCreateFailed: '文章发布失败，请重试。',
  nothingToPreview: '暂无可预览的内容。',
  cancel: '取消',
  fieldTooShort: '{{label}}至少需要 {{min}} 个字符。',
  tooManyTags: '最多 {{max}} 个标签，每个不超过 {{length}} 个字符。',
}

export default zh
