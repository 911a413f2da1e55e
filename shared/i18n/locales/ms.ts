import type { PageMessages } from './en.ts'

const ms: PageMessages = {
  // Fixed pages and errors (SPEC §2, §8)
  pageNotFoundLead: 'Halaman yang anda cari tidak wujud atau telah dialihkan.',
  internalServerErrorLead: 'Berlaku masalah di pihak kami. Sila cuba lagi sebentar lagi.',
  methodNotAllowedLead: 'Alamat ini tidak menerima jenis permintaan tersebut.',
  backToHome: 'Kembali ke laman utama',
  fetchFailed: 'Gagal memuatkan halaman. Sila semak sambungan anda dan cuba lagi.',
  loading: 'Memuatkan…',

  // Layout
  home: 'Laman Utama',
  menu: 'Menu',
  language: 'Bahasa',
  search: 'Cari',
  searchPlaceholder: 'Cari sumber',
  searchPosts: 'Cari artikel',
  skipToContent: 'Langkau ke kandungan',
  announcement: 'Pengumuman',
  disclaimer: 'Penafian',
  friendshipLinks: 'Laman rakan',
  links: 'Pautan',
  backToTop: 'Kembali ke atas',

  // Resources, search, rankings, tags
  searchResultsFor: 'Hasil carian untuk “{{query}}”',
  searchEmptyQuery: 'Taipkan kata kunci untuk mencari.',
  resultsCount_other: '{{count, number}} hasil',
  noResults: 'Tiada hasil ditemui.',
  matchingPages: 'Halaman yang sepadan',
  hotResources: 'Sumber popular',
  newResources: 'Sumber terbaharu',
  hotSearches: 'Carian popular',
  newest: 'Terbaharu',
  allCategories: 'Semua kategori',
  category: 'Kategori',
  tags: 'Tag',
  views_other: '{{count, number}} tontonan',
  updatedAt: 'Dikemas kini {{date}}',
  publishedAt: 'Diterbitkan {{date}}',
  resourceLinks: 'Pautan',
  extractionCode: 'Kod: {{code}}',
  openLink: 'Buka pautan',
  copyLink: 'Salin pautan',
  recommended: 'Anda mungkin juga suka',
  rankings: 'Kedudukan',
  rank: 'Tempat',
  score: 'Skor',
  contactUs: 'Hubungi kami',
  previousPage: 'Sebelumnya',
  nextPage: 'Seterusnya',
  pageOf: 'Halaman {{page}} daripada {{pages}}',
  shareLinkError: 'Pautan perkongsian tidak sah.',
  shareLinkExpired: 'Pautan perkongsian telah tamat tempoh.',

  // Posts
  posts: 'Artikel',
  postCategories: 'Kategori',
  readMore: 'Baca lagi',
  byAuthor: 'Oleh {{name}}',
  writePost: 'Tulis artikel',

  // Feedback and links
  feedback: 'Maklum balas',
  feedbackLead: 'Beritahu kami pendapat anda atau perkara yang anda cari.',
  submit: 'Hantar',
  submitting: 'Menghantar…',
  submitted: 'Terima kasih! Mesej anda telah dihantar.',
  reply: 'Balas',
  required: 'Wajib',

  // Content pages
  tableOfContents: 'Kandungan',
  visitSite: 'Lawati',
  validCodes: 'Kod yang sah',
  expiredCodes: 'Kod yang telah tamat tempoh',
  expiresAt: 'Tamat tempoh {{date}}',
  copy: 'Salin',
  copied: 'Disalin',
  faq: 'Soalan lazim',

  // Outbound link interstitial (/goto)
  leavingSite: 'Anda akan meninggalkan laman ini',
  leavingSiteLead_other: 'Anda akan dibawa ke alamat di bawah dalam {{count, number}} saat.',
  continueToSite: 'Teruskan',
  invalidLink: 'Pautan ini tidak sah.',

  // WeChat in-app browser screen (SPEC §2)
  openInBrowser: 'Buka dalam pelayar anda',
  openInBrowserLead: 'Ketik menu di penjuru kanan atas dan pilih “Buka dalam pelayar”, atau salin pautan di bawah.',
  copySuccessOpenBrowser: 'Pautan disalin. Tampalkannya dalam pelayar anda untuk meneruskan.',
  copyFailed: 'Gagal menyalin. Sila salin alamat secara manual.',

  // Promo
  close: 'Tutup',

  // Sign in (SPEC §4, §5, §8)
  login: 'Log masuk',
  logout: 'Log keluar',
  email: 'E-mel',
  back: 'Kembali',
  signedInAs: 'Log masuk sebagai {{name}}',
  contactOptional: 'Hubungan (pilihan)',
  formHasProblems: 'Sila semak medan yang ditanda.',
  submitFailed: 'Mesej tidak dapat dihantar. Sila cuba lagi.',
  fieldRequired: '{{label}} diperlukan.',
  fieldTooLong: '{{label}} mestilah tidak melebihi {{max}} aksara.',
  fieldInvalidChoice: 'Sila pilih {{label}} daripada senarai.',
  dismiss: 'Tutup',
  transferSave: 'Simpan ke pemacu saya',
  transferSaving: 'Menyimpan…',
  transferSaved: 'Disimpan. Pautan kongsi anda:',
  transferFailed: 'Sumber tidak dapat disimpan. Cuba lagi kemudian.',
  postTitle: 'Tajuk',
  postContent: 'Kandungan (Markdown)',
  postTags: 'Tag (dipisahkan dengan koma)',
  write: 'Tulis',
  preview: 'Pratonton',
  publish: 'Terbitkan',
  signInToWrite: 'Sila log masuk untuk menulis artikel.',
  postCreateFailed: 'Artikel tidak dapat diterbitkan. Sila cuba lagi.',
  nothingToPreview: 'Belum ada untuk dipratonton.',
  cancel: 'Batal',
  fieldTooShort: '{{label}} mestilah sekurang-kurangnya {{min}} aksara.',
  tooManyTags: 'Paling banyak {{max}} tag, setiap satu hingga {{length}} aksara.',
}

export default ms
