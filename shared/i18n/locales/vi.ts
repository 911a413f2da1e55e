import type { PageMessages } from './en.ts'

const vi: PageMessages = {
  // Fixed pages and errors (SPEC §2, §8)
  pageNotFoundLead: 'Trang bạn đang tìm không tồn tại hoặc đã được chuyển đi.',
  internalServerErrorLead: 'Đã xảy ra lỗi từ phía chúng tôi. Vui lòng thử lại sau giây lát.',
  methodNotAllowedLead: 'Địa chỉ này không chấp nhận loại yêu cầu đó.',
  backToHome: 'Về trang chủ',
  fetchFailed: 'Không tải được trang. Vui lòng kiểm tra kết nối mạng và thử lại.',
  loading: 'Đang tải…',

  // Layout
  home: 'Trang chủ',
  menu: 'Menu',
  language: 'Ngôn ngữ',
  search: 'Tìm kiếm',
  searchPlaceholder: 'Tìm kiếm tài nguyên',
  searchPosts: 'Tìm kiếm bài viết',
  skipToContent: 'Chuyển đến nội dung chính',
  announcement: 'Thông báo',
  disclaimer: 'Tuyên bố miễn trừ trách nhiệm',
  friendshipLinks: 'Liên kết bạn bè',
  links: 'Liên kết',
  backToTop: 'Lên đầu trang',

  // Resources, search, rankings, tags
  searchResultsFor: 'Kết quả cho “{{query}}”',
  searchEmptyQuery: 'Nhập từ khóa để tìm kiếm.',
  resultsCount_other: '{{count, number}} kết quả',
  noResults: 'Không tìm thấy kết quả nào.',
  matchingPages: 'Trang phù hợp',
  hotResources: 'Tài nguyên nổi bật',
  newResources: 'Tài nguyên mới',
  hotSearches: 'Tìm kiếm phổ biến',
  newest: 'Mới nhất',
  allCategories: 'Tất cả danh mục',
  category: 'Danh mục',
  tags: 'Thẻ',
  views_other: '{{count, number}} lượt xem',
  updatedAt: 'Cập nhật {{date}}',
  publishedAt: 'Đăng ngày {{date}}',
  resourceLinks: 'Liên kết',
  extractionCode: 'Mã: {{code}}',
  openLink: 'Mở liên kết',
  copyLink: 'Sao chép liên kết',
  recommended: 'Có thể bạn cũng thích',
  rankings: 'Bảng xếp hạng',
  rank: 'Hạng',
  score: 'Điểm',
  contactUs: 'Liên hệ',
  previousPage: 'Trước',
  nextPage: 'Tiếp',
  pageOf: 'Trang {{page}}/{{pages}}',
  shareLinkError: 'Liên kết chia sẻ không hợp lệ.',
  shareLinkExpired: 'Liên kết chia sẻ đã hết hạn.',

  // Posts
  posts: 'Bài viết',
  postCategories: 'Danh mục',
  readMore: 'Đọc thêm',
  byAuthor: 'Tác giả: {{name}}',
  writePost: 'Viết bài',

  // Feedback and links
  feedback: 'Góp ý',
  feedbackLead: 'Hãy cho chúng tôi biết suy nghĩ của bạn hoặc điều bạn đang tìm kiếm.',
  submit: 'Gửi',
  submitting: 'Đang gửi…',
  submitted: 'Cảm ơn bạn! Tin nhắn của bạn đã được gửi.',
  reply: 'Trả lời',
  required: 'Bắt buộc',

  // Content pages
  tableOfContents: 'Mục lục',
  visitSite: 'Truy cập',
  validCodes: 'Mã còn hiệu lực',
  expiredCodes: 'Mã đã hết hạn',
  expiresAt: 'Hết hạn ngày {{date}}',
  copy: 'Sao chép',
  copied: 'Đã sao chép',
  faq: 'Câu hỏi thường gặp',

  // Outbound link interstitial (/goto)
  leavingSite: 'Bạn đang rời khỏi trang web này',
  leavingSiteLead_other: 'Bạn sẽ được chuyển đến địa chỉ bên dưới sau {{count, number}} giây.',
  continueToSite: 'Tiếp tục',
  invalidLink: 'Liên kết này không hợp lệ.',

  // WeChat in-app browser screen (SPEC §2)
  openInBrowser: 'Mở bằng trình duyệt',
  openInBrowserLead:
    'Nhấn vào menu ở góc trên bên phải và chọn “Mở bằng trình duyệt”, hoặc sao chép liên kết bên dưới.',
  copySuccessOpenBrowser: 'Đã sao chép liên kết. Hãy dán vào trình duyệt để tiếp tục.',
  copyFailed: 'Sao chép không thành công. Vui lòng sao chép địa chỉ theo cách thủ công.',

  // Promo
  close: 'Đóng',

  // Sign in (SPEC §4, §5, §8)
  login: 'Đăng nhập',
  logout: 'Đăng xuất',
  email: 'Email',
  back: 'Quay lại',
  signedInAs: 'Đã đăng nhập với tên {{name}}',
  contactOptional: 'Liên hệ (không bắt buộc)',
  formHasProblems: 'Vui lòng kiểm tra các trường được đánh dấu.',
  submitFailed: 'Không gửi được. Vui lòng thử lại.',
  fieldRequired: 'Vui lòng nhập {{label}}.',
  fieldTooLong: '{{label}} tối đa {{max}} ký tự.',
  fieldInvalidChoice: 'Vui lòng chọn {{label}} trong danh sách.',
  dismiss: 'Ẩn',
  transferSave: 'Lưu vào ổ của tôi',
  transferSaving: 'Đang lưu…',
  transferSaved: 'Đã lưu. Liên kết chia sẻ của bạn:',
  transferFailed: 'Không lưu được tài nguyên. Vui lòng thử lại sau.',
  postTitle: 'Tiêu đề',
  postContent: 'Nội dung (Markdown)',
  postTags: 'Thẻ (phân tách bằng dấu phẩy)',
  write: 'Soạn',
  preview: 'Xem trước',
  publish: 'Đăng',
  signInToWrite: 'Vui lòng đăng nhập để viết bài.',
  postCreateFailed: 'Không đăng được bài viết. Vui lòng thử lại.',
  nothingToPreview: 'Chưa có gì để xem trước.',
  cancel: 'Hủy',
  fieldTooShort: '{{label}} phải có ít nhất {{min}} ký tự.',
  tooManyTags: 'Tối đa {{max}} thẻ, mỗi thẻ tối đa {{length}} ký tự.',
}

export default vi
