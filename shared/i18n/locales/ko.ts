import type { PageMessages } from './en.ts'

const ko: PageMessages = {
  // Fixed pages and errors (SPEC §2, §8)
  pageNotFoundLead: '요청하신 페이지가 존재하지 않거나 이동되었습니다.',
  internalServerErrorLead: '서버에 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  methodNotAllowedLead: '이 주소는 해당 유형의 요청을 받을 수 없습니다.',
  backToHome: '홈으로 돌아가기',
  fetchFailed: '페이지를 불러오지 못했습니다. 네트워크 연결을 확인한 후 다시 시도해 주세요.',
  loading: '불러오는 중…',

  // Layout
  home: '홈',
  menu: '메뉴',
  language: '언어',
  search: '검색',
  searchPlaceholder: '자료 검색',
  searchPosts: '글 검색',
  skipToContent: '본문 바로가기',
  announcement: '공지사항',
  disclaimer: '면책 조항',
  friendshipLinks: '관련 사이트',
  links: '링크',
  backToTop: '맨 위로',

  // Resources, search, rankings, tags
  searchResultsFor: '‘{{query}}’ 검색 결과',
  searchEmptyQuery: '검색어를 입력해 주세요.',
  resultsCount_other: '검색 결과 {{count, number}}개',
  noResults: '검색 결과가 없습니다.',
  matchingPages: '일치하는 페이지',
  hotResources: '인기 자료',
  newResources: '새 자료',
  hotSearches: '인기 검색어',
  newest: '최신순',
  allCategories: '전체 카테고리',
  category: '카테고리',
  tags: '태그',
  views_other: '조회수 {{count, number}}',
  updatedAt: '{{date}} 업데이트',
  publishedAt: '{{date}} 게시',
  resourceLinks: '링크',
  extractionCode: '코드: {{code}}',
  openLink: '링크 열기',
  copyLink: '링크 복사',
  recommended: '추천 콘텐츠',
  rankings: '랭킹',
  rank: '순위',
  score: '점수',
  contactUs: '문의하기',
  previousPage: '이전',
  nextPage: '다음',
  pageOf: '{{page}} / {{pages}} 페이지',
  shareLinkError: '유효하지 않은 공유 링크입니다.',
  shareLinkExpired: '공유 링크가 만료되었습니다.',

  // Posts
  posts: '글',
  postCategories: '카테고리',
  readMore: '더 보기',
  byAuthor: '작성자: {{name}}',
  writePost: '글쓰기',

  // Feedback and links
  feedback: '의견 보내기',
  feedbackLead: '의견이나 찾고 계신 내용을 알려 주세요.',
  submit: '제출',
  submitting: '제출하는 중…',
  submitted: '감사합니다! 메시지가 전송되었습니다.',
  reply: '답글',
  required: '필수',

  // Content pages
  tableOfContents: '목차',
  visitSite: '사이트 방문',
  validCodes: '사용 가능한 코드',
  expiredCodes: '만료된 코드',
  expiresAt: '{{date}} 만료',
  copy: '복사',
  copied: '복사됨',
  faq: '자주 묻는 질문',

  // Outbound link interstitial (/goto)
  leavingSite: '이 사이트를 떠납니다',
  leavingSiteLead_other: '{{count, number}}초 후 아래 주소로 이동합니다.',
  continueToSite: '계속',
  invalidLink: '유효하지 않은 링크입니다.',

  // WeChat in-app browser screen (SPEC §2)
  openInBrowser: '브라우저에서 열기',
  openInBrowserLead: '오른쪽 위의 메뉴를 누른 후 ‘브라우저에서 열기’를 선택하거나 아래 링크를 복사해 주세요.',
  copySuccessOpenBrowser: '링크를 복사했습니다. 브라우저에 붙여 넣어 계속 진행해 주세요.',
  copyFailed: '복사하지 못했습니다. 주소를 직접 복사해 주세요.',

  // Promo
  close: '닫기',

  // Sign in (SPEC §4, §5, §8)
  login: '로그인',
  logout: '로그아웃',
  email: '이메일',
  back: '뒤로',
  signedInAs: '{{name}}(으)로 로그인됨',
  contactOptional: '연락처(선택)',
  formHasProblems: '표시된 항목을 확인해 주세요.',
  submitFailed: '보내지 못했습니다. 다시 시도해 주세요.',
  fieldRequired: '{{label}}을(를) 입력해 주세요.',
  fieldTooLong: '{{label}}은(는) 최대 {{max}}자까지 입력할 수 있습니다.',
  fieldInvalidChoice: '{{label}}을(를) 목록에서 선택해 주세요.',
  dismiss: '닫기',
  transferSave: '내 드라이브에 저장',
  transferSaving: '저장 중…',
  transferSaved: '저장했습니다. 공유 링크:',
  transferFailed: '저장하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  postTitle: '제목',
  postContent: '본문(Markdown)',
  postTags: '태그(쉼표로 구분)',
  write: '작성',
  preview: '미리보기',
  publish: '게시',
  signInToWrite: '글을 쓰려면 로그인해 주세요.',
  postCreateFailed: '글을 게시하지 못했습니다. 다시 시도해 주세요.',
  nothingToPreview: '아직 미리 볼 내용이 없습니다.',
  cancel: '취소',
  fieldTooShort: '{{label}}은(는) 최소 {{min}}자 이상이어야 합니다.',
  tooManyTags: '태그는 최대 {{max}}개, 각 {{length}}자까지입니다.',
}

export default ko
