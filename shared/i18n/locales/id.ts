import type { PageMessages } from './en.ts'

const id: PageMessages = {
  // Fixed pages and errors (SPEC §2, §8)
  pageNotFoundLead: 'Halaman yang Anda cari tidak ada atau telah dipindahkan.',
  internalServerErrorLead: 'Terjadi kesalahan di pihak kami. Silakan coba lagi sebentar lagi.',
  methodNotAllowedLead: 'Alamat ini tidak menerima jenis permintaan tersebut.',
  backToHome: 'Kembali ke beranda',
  fetchFailed: 'Gagal memuat halaman. Periksa koneksi Anda, lalu coba lagi.',
  loading: 'Memuat…',

  // Layout
  home: 'Beranda',
  menu: 'Menu',
  language: 'Bahasa',
  search: 'Cari',
  searchPlaceholder: 'Cari sumber daya',
  searchPosts: 'Cari artikel',
  skipToContent: 'Langsung ke konten',
  announcement: 'Pengumuman',
  disclaimer: 'Penafian',
  friendshipLinks: 'Situs mitra',
  links: 'Tautan',
  backToTop: 'Kembali ke atas',

  // Resources, search, rankings, tags
  searchResultsFor: 'Hasil untuk “{{query}}”',
  searchEmptyQuery: 'Ketik kata kunci untuk mencari.',
  resultsCount_other: '{{count, number}} hasil',
  noResults: 'Tidak ada hasil.',
  matchingPages: 'Halaman yang cocok',
  hotResources: 'Sumber daya populer',
  newResources: 'Sumber daya terbaru',
  hotSearches: 'Pencarian populer',
  newest: 'Terbaru',
  allCategories: 'Semua kategori',
  category: 'Kategori',
  tags: 'Tag',
  views_other: '{{count, number}} kali dilihat',
  updatedAt: 'Diperbarui {{date}}',
  publishedAt: 'Diterbitkan {{date}}',
  resourceLinks: 'Tautan',
  extractionCode: 'Kode: {{code}}',
  openLink: 'Buka tautan',
  copyLink: 'Salin tautan',
  recommended: 'Mungkin Anda juga suka',
  rankings: 'Peringkat',
  rank: 'Peringkat',
  score: 'Skor',
  contactUs: 'Hubungi kami',
  previousPage: 'Sebelumnya',
  nextPage: 'Berikutnya',
  pageOf: 'Halaman {{page}} dari {{pages}}',
  shareLinkError: 'Tautan berbagi tidak valid.',
  shareLinkExpired: 'Tautan berbagi sudah kedaluwarsa.',

  // Posts
  posts: 'Artikel',
  postCategories: 'Kategori',
  readMore: 'Baca selengkapnya',
  byAuthor: 'Oleh {{name}}',
  writePost: 'Tulis artikel',

  // Feedback and links
  feedback: 'Masukan',
  feedbackLead: 'Beri tahu kami pendapat Anda atau apa yang sedang Anda cari.',
  submit: 'Kirim',
  submitting: 'Mengirim…',
  submitted: 'Terima kasih! Pesan Anda telah terkirim.',
  reply: 'Balas',
  required: 'Wajib diisi',

  // Content pages
  tableOfContents: 'Daftar isi',
  visitSite: 'Kunjungi',
  validCodes: 'Kode yang berlaku',
  expiredCodes: 'Kode kedaluwarsa',
  expiresAt: 'Berlaku hingga {{date}}',
  copy: 'Salin',
  copied: 'Tersalin',
  faq: 'Pertanyaan umum',

  // Outbound link interstitial (/goto)
  leavingSite: 'Anda akan meninggalkan situs ini',
  leavingSiteLead_other: 'Anda akan diarahkan ke alamat di bawah ini dalam {{count, number}} detik.',
  continueToSite: 'Lanjutkan',
  invalidLink: 'Tautan ini tidak valid.',

  // WeChat in-app browser screen (SPEC §2)
  openInBrowser: 'Buka di browser Anda',
  openInBrowserLead: 'Ketuk menu di kanan atas lalu pilih “Buka di browser”, atau salin tautan di bawah ini.',
  copySuccessOpenBrowser: 'Tautan disalin. Tempel di browser Anda untuk melanjutkan.',
  copyFailed: 'Gagal menyalin. Silakan salin alamat secara manual.',

  // Promo
  close: 'Tutup',

  // Sign in (SPEC §4, §5, §8)
  login: 'Masuk',
  logout: 'Keluar',
  email: 'Email',
  back: 'Kembali',
  signedInAs: 'Masuk sebagai {{name}}',
  contactOptional: 'Kontak (opsional)',
  formHasProblems: 'Periksa kolom yang ditandai.',
  submitFailed: 'Pesan gagal dikirim. Silakan coba lagi.',
  fieldRequired: '{{label}} wajib diisi.',
  fieldTooLong: '{{label}} maksimal {{max}} karakter.',
  fieldInvalidChoice: 'Pilih {{label}} dari daftar.',
  dismiss: 'Tutup',
  transferSave: 'Simpan ke drive saya',
  transferSaving: 'Menyimpan…',
  transferSaved: 'Tersimpan. Tautan berbagi Anda:',
  transferFailed: 'Sumber daya gagal disimpan. Coba lagi nanti.',
  postTitle: 'Judul',
  postContent: 'Isi (Markdown)',
  postTags: 'Tag (pisahkan dengan koma)',
  write: 'Tulis',
  preview: 'Pratinjau',
  publish: 'Terbitkan',
  signInToWrite: 'Silakan masuk untuk menulis artikel.',
  postCreateFailed: 'Artikel gagal diterbitkan. Silakan coba lagi.',
  nothingToPreview: 'Belum ada yang bisa dipratinjau.',
  cancel: 'Batal',
  fieldTooShort: '{{label}} minimal {{min}} karakter.',
  tooManyTags: 'Maksimal {{max}} tag, masing-masing hingga {{length}} karakter.',
}

export default id
