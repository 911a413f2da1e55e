import type { PageMessages } from './en.ts'

const ja: PageMessages = {
  // Fixed pages and errors (SPEC §2, §8)
  pageNotFoundLead: 'お探しのページは存在しないか、移動した可能性があります。',
  internalServerErrorLead: 'サーバー側で問題が発生しました。しばらくしてからもう一度お試しください。',
  methodNotAllowedLead: 'このアドレスはこの種類のリクエストを受け付けていません。',
  backToHome: 'ホームに戻る',
  fetchFailed: 'ページを読み込めませんでした。接続を確認して、もう一度お試しください。',
  loading: '読み込み中…',

  // Layout
  home: 'ホーム',
  menu: 'メニュー',
  language: '言語',
  search: '検索',
  searchPlaceholder: 'リソースを検索',
  searchPosts: '記事を検索',
  skipToContent: '本文へスキップ',
  announcement: 'お知らせ',
  disclaimer: '免責事項',
  friendshipLinks: '相互リンク',
  links: 'リンク',
  backToTop: 'ページの先頭へ',

  // Resources, search, rankings, tags
  searchResultsFor: '「{{query}}」の検索結果',
  searchEmptyQuery: 'キーワードを入力して検索してください。',
  resultsCount_other: '{{count, number}}件',
  noResults: '該当する結果はありません。',
  matchingPages: '一致するページ',
  hotResources: '人気のリソース',
  newResources: '新着リソース',
  hotSearches: '人気の検索キーワード',
  newest: '新着',
  allCategories: 'すべてのカテゴリ',
  category: 'カテゴリ',
  tags: 'タグ',
  views_other: '{{count, number}}回表示',
  updatedAt: '更新日：{{date}}',
  publishedAt: '公開日：{{date}}',
  resourceLinks: 'リンク',
  extractionCode: 'コード：{{code}}',
  openLink: 'リンクを開く',
  copyLink: 'リンクをコピー',
  recommended: 'こちらもおすすめ',
  rankings: 'ランキング',
  rank: '順位',
  score: 'スコア',
  contactUs: 'お問い合わせ',
  previousPage: '前へ',
  nextPage: '次へ',
  pageOf: '{{page}} / {{pages}} ページ',
  shareLinkError: '共有リンクが無効です。',
  shareLinkExpired: '共有リンクの有効期限が切れています。',

  // Posts
  posts: '記事',
  postCategories: 'カテゴリ',
  readMore: '続きを読む',
  byAuthor: '著者：{{name}}',
  writePost: '記事を書く',

  // Feedback and links
  feedback: 'ご意見・ご要望',
  feedbackLead: 'ご意見や、お探しのものをお聞かせください。',
  submit: '送信',
  submitting: '送信中…',
  submitted: 'ありがとうございます。メッセージを送信しました。',
  reply: '返信',
  required: '必須',

  // Content pages
  tableOfContents: '目次',
  visitSite: 'サイトへ移動',
  validCodes: '有効なコード',
  expiredCodes: '期限切れのコード',
  expiresAt: '有効期限：{{date}}',
  copy: 'コピー',
  copied: 'コピーしました',
  faq: 'よくある質問',

  // Outbound link interstitial (/goto)
  leavingSite: 'このサイトを離れます',
  leavingSiteLead_other: '{{count, number}}秒後に下記のアドレスへ移動します。',
  continueToSite: '続行',
  invalidLink: 'このリンクは無効です。',

  // WeChat in-app browser screen (SPEC §2)
  openInBrowser: 'ブラウザで開いてください',
  openInBrowserLead: '右上のメニューをタップして「ブラウザで開く」を選ぶか、下のリンクをコピーしてください。',
  copySuccessOpenBrowser: 'リンクをコピーしました。ブラウザに貼り付けてアクセスしてください。',
  copyFailed: 'コピーできませんでした。アドレスを手動でコピーしてください。',

  // Promo
  close: '閉じる',

  // Sign in (SPEC §4, §5, §8)
  login: 'ログイン',
  logout: 'ログアウト',
  email: 'メールアドレス',
  back: '戻る',
  signedInAs: '{{name}} としてログイン中',
  contactOptional: '連絡先（任意）',
  formHasProblems: '表示された項目を確認してください。',
  submitFailed: '送信できませんでした。もう一度お試しください。',
  fieldRequired: '{{label}}は必須です。',
  fieldTooLong: '{{label}}は{{max}}文字以内で入力してください。',
  fieldInvalidChoice: '{{label}}を一覧から選んでください。',
  dismiss: '閉じる',
  transferSave: '自分のドライブに保存',
  transferSaving: '保存中…',
  transferSaved: '保存しました。共有リンク：',
  transferFailed: '保存できませんでした。しばらくしてからお試しください。',
  postTitle: 'タイトル',
  postContent: '本文（Markdown）',
  postTags: 'タグ（カンマ区切り）',
  write: '編集',
  preview: 'プレビュー',
  publish: '公開',
  signInToWrite: '記事を書くにはログインしてください。',
  postCreateFailed: '記事を公開できませんでした。もう一度お試しください。',
  nothingToPreview: 'プレビューする内容がまだありません。',
  cancel: 'キャンセル',
  fieldTooShort: '{{label}}は{{min}}文字以上で入力してください。',
  tooManyTags: 'タグは最大{{max}}個、各{{length}}文字までです。',
}

export default ja
