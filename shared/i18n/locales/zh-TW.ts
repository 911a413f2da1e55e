import type { PageMessages } from './en.ts'

const zhTW: PageMessages = {
  // Fixed pages and errors (SPEC §2, §8)
  pageNotFoundLead: '您要找的網頁不存在或已被移除。',
  internalServerErrorLead: '我們這邊發生了一些問題，請稍後再試。',
  methodNotAllowedLead: '此網址不接受這類請求。',
  backToHome: '返回首頁',
  fetchFailed: '網頁載入失敗，請檢查網路連線後再試一次。',
  loading: '載入中…',

  // Layout
  home: '首頁',
  menu: '選單',
  language: '語言',
  search: '搜尋',
  searchPlaceholder: '搜尋資源',
  searchPosts: '搜尋文章',
  skipToContent: '跳至主要內容',
  announcement: '公告',
  disclaimer: '免責聲明',
  friendshipLinks: '友站連結',
  links: '連結',
  backToTop: '回到頂端',

  // Resources, search, rankings, tags
  searchResultsFor: '「{{query}}」的搜尋結果',
  searchEmptyQuery: '請輸入關鍵字進行搜尋。',
  resultsCount_other: '共 {{count, number}} 筆結果',
  noResults: '找不到相關內容。',
  matchingPages: '相符的頁面',
  hotResources: '熱門資源',
  newResources: '最新資源',
  hotSearches: '熱門搜尋',
  newest: '最新',
  allCategories: '所有分類',
  category: '分類',
  tags: '標籤',
  views_other: '{{count, number}} 次瀏覽',
  updatedAt: '更新於 {{date}}',
  publishedAt: '發布於 {{date}}',
  resourceLinks: '資源連結',
  extractionCode: '提取碼：{{code}}',
  openLink: '開啟連結',
  copyLink: '複製連結',
  recommended: '您可能也會喜歡',
  rankings: '排行榜',
  rank: '排名',
  score: '評分',
  contactUs: '聯絡我們',
  previousPage: '上一頁',
  nextPage: '下一頁',
  pageOf: '第 {{page}} 頁，共 {{pages}} 頁',
  shareLinkError: '分享連結無效。',
  shareLinkExpired: '分享連結已失效。',

  // Posts
  posts: '文章',
  postCategories: '文章分類',
  readMore: '閱讀全文',
  byAuthor: '作者：{{name}}',
  writePost: '撰寫文章',

  // Feedback and links
  feedback: '意見回饋',
  feedbackLead: '歡迎告訴我們您的想法，或您正在尋找的內容。',
  submit: '送出',
  submitting: '送出中…',
  submitted: '感謝您！訊息已送出。',
  reply: '回覆',
  required: '必填',

  // Content pages
  tableOfContents: '目錄',
  visitSite: '前往網站',
  validCodes: '有效兌換碼',
  expiredCodes: '已過期兌換碼',
  expiresAt: '{{date}} 到期',
  copy: '複製',
  copied: '已複製',
  faq: '常見問題',

  // Outbound link interstitial (/goto)
  leavingSite: '您即將離開本站',
  leavingSiteLead_other: '將於 {{count, number}} 秒後前往以下網址。',
  continueToSite: '繼續前往',
  invalidLink: '此連結無效。',

  // WeChat in-app browser screen (SPEC §2)
  openInBrowser: '請在瀏覽器中開啟',
  openInBrowserLead: '點選右上角的選單，選擇「在瀏覽器開啟」，或複製下方連結。',
  copySuccessOpenBrowser: '已複製連結，請貼到瀏覽器中繼續瀏覽。',
  copyFailed: '複製失敗，請手動複製網址。',

  // Promo
  close: '關閉',

  // Sign in (SPEC §4, §5, §8)
  login: '登入',
  logout: '登出',
  email: '電子郵件',
  back: '返回',
  signedInAs: '已登入：{{name}}',
  contactOptional: '聯絡方式（選填）',
  formHasProblems: '請檢查標示的欄位。',
  submitFailed: '送出失敗，請再試一次。',
  fieldRequired: '請填寫{{label}}。',
  fieldTooLong: '{{label}}不可超過 {{max}} 個字元。',
  fieldInvalidChoice: '請從清單中選擇{{label}}。',
  dismiss: '關閉',
  transferSave: '一鍵轉存',
  transferSaving: '轉存中…',
  transferSaved: '轉存成功，你的分享連結：',
  transferFailed: '轉存失敗，請稍後再試。',
  postTitle: '標題',
  postContent: '內文（Markdown）',
  postTags: '標籤（以逗號分隔）',
  write: '編輯',
  preview: '預覽',
  publish: '發布',
  signInToWrite: '請先登入再撰寫文章。',
  postCreateFailed: '文章發布失敗，請再試一次。',
  nothingToPreview: '尚無可預覽的內容。',
  cancel: '取消',
  fieldTooShort: '{{label}}至少需要 {{min}} 個字元。',
  tooManyTags: '最多 {{max}} 個標籤，每個不超過 {{length}} 個字元。',
}

export default zhTW
