import type { PageMessages } from './en.ts'

const tr: PageMessages = {
  // Fixed pages and errors (SPEC §2, §8)
  pageNotFoundLead: 'Aradığınız sayfa mevcut değil veya taşınmış.',
  internalServerErrorLead: 'Bizim tarafımızda bir sorun oluştu. Lütfen biraz sonra tekrar deneyin.',
  methodNotAllowedLead: 'Bu adres bu tür bir isteği kabul etmiyor.',
  backToHome: 'Ana sayfaya dön',
  fetchFailed: 'Sayfa yüklenemedi. Lütfen bağlantınızı kontrol edip tekrar deneyin.',
  loading: 'Yükleniyor…',

  // Layout
  home: 'Ana sayfa',
  menu: 'Menü',
  language: 'Dil',
  search: 'Ara',
  searchPlaceholder: 'Kaynak ara',
  searchPosts: 'Makale ara',
  skipToContent: 'İçeriğe geç',
  announcement: 'Duyuru',
  disclaimer: 'Sorumluluk reddi',
  friendshipLinks: 'Dost siteler',
  links: 'Bağlantılar',
  backToTop: 'Başa dön',

  // Resources, search, rankings, tags
  searchResultsFor: '“{{query}}” için sonuçlar',
  searchEmptyQuery: 'Aramak için bir anahtar kelime yazın.',
  resultsCount_one: '{{count, number}} sonuç',
  resultsCount_other: '{{count, number}} sonuç',
  noResults: 'Sonuç bulunamadı.',
  matchingPages: 'Eşleşen sayfalar',
  hotResources: 'Popüler kaynaklar',
  newResources: 'Yeni kaynaklar',
  hotSearches: 'Popüler aramalar',
  newest: 'En yeni',
  allCategories: 'Tüm kategoriler',
  category: 'Kategori',
  tags: 'Etiketler',
  views_one: '{{count, number}} görüntülenme',
  views_other: '{{count, number}} görüntülenme',
  updatedAt: 'Güncellenme: {{date}}',
  publishedAt: 'Yayınlanma: {{date}}',
  resourceLinks: 'Bağlantılar',
  extractionCode: 'Kod: {{code}}',
  openLink: 'Bağlantıyı aç',
  copyLink: 'Bağlantıyı kopyala',
  recommended: 'Bunlar da ilginizi çekebilir',
  rankings: 'Sıralamalar',
  rank: 'Sıra',
  score: 'Puan',
  contactUs: 'Bize ulaşın',
  previousPage: 'Önceki',
  nextPage: 'Sonraki',
  pageOf: 'Sayfa {{page}} / {{pages}}',
  shareLinkError: 'Paylaşım bağlantısı geçersiz.',
  shareLinkExpired: 'Paylaşım bağlantısının süresi dolmuş.',

  // Posts
  posts: 'Makaleler',
  postCategories: 'Kategoriler',
  readMore: 'Devamını oku',
  byAuthor: 'Yazar: {{name}}',
  writePost: 'Makale yaz',

  // Feedback and links
  feedback: 'Geri bildirim',
  feedbackLead: 'Düşüncelerinizi veya aradığınız şeyi bize bildirin.',
  submit: 'Gönder',
  submitting: 'Gönderiliyor…',
  submitted: 'Teşekkürler! Mesajınız gönderildi.',
  reply: 'Yanıtla',
  required: 'Zorunlu',

  // Content pages
  tableOfContents: 'İçindekiler',
  visitSite: 'Ziyaret et',
  validCodes: 'Geçerli kodlar',
  expiredCodes: 'Süresi dolmuş kodlar',
  expiresAt: 'Son geçerlilik: {{date}}',
  copy: 'Kopyala',
  copied: 'Kopyalandı',
  faq: 'Sıkça sorulan sorular',

  // Outbound link interstitial (/goto)
  leavingSite: 'Bu siteden ayrılıyorsunuz',
  leavingSiteLead_one: '{{count, number}} saniye içinde aşağıdaki adrese yönlendirileceksiniz.',
  leavingSiteLead_other: '{{count, number}} saniye içinde aşağıdaki adrese yönlendirileceksiniz.',
  continueToSite: 'Devam et',
  invalidLink: 'Bu bağlantı geçerli değil.',

  // WeChat in-app browser screen (SPEC §2)
  openInBrowser: 'Tarayıcınızda açın',
  openInBrowserLead:
    'Sağ üstteki menüye dokunup “Tarayıcıda aç” seçeneğini belirleyin veya aşağıdaki bağlantıyı kopyalayın.',
  copySuccessOpenBrowser: 'Bağlantı kopyalandı. Devam etmek için tarayıcınıza yapıştırın.',
  copyFailed: 'Kopyalanamadı. Lütfen adresi elle kopyalayın.',

  // Promo
  close: 'Kapat',

  // Sign in (SPEC §4, §5, §8)
  login: 'Giriş yap',
  logout: 'Çıkış yap',
  email: 'E-posta',
  back: 'Geri',
  signedInAs: '{{name}} olarak giriş yapıldı',
  contactOptional: 'İletişim (isteğe bağlı)',
  formHasProblems: 'Lütfen işaretli alanları kontrol edin.',
  submitFailed: 'Mesajınız gönderilemedi. Lütfen tekrar deneyin.',
  fieldRequired: '{{label}} zorunludur.',
  fieldTooLong: '{{label}} en fazla {{max}} karakter olabilir.',
  fieldInvalidChoice: 'Lütfen listeden {{label}} seçin.',
  dismiss: 'Kapat',
  transferSave: 'Sürücüme kaydet',
  transferSaving: 'Kaydediliyor…',
  transferSaved: 'Kaydedildi. Paylaşım bağlantınız:',
  transferFailed: 'Kaynak kaydedilemedi. Lütfen daha sonra tekrar deneyin.',
  postTitle: 'Başlık',
  postContent: 'İçerik (Markdown)',
  postTags: 'Etiketler (virgülle ayırın)',
  write: 'Yaz',
  preview: 'Önizleme',
  publish: 'Yayınla',
  signInToWrite: 'Makale yazmak için lütfen giriş yapın.',
  postCreateFailed: 'Makale yayınlanamadı. Lütfen tekrar deneyin.',
  nothingToPreview: 'Henüz önizlenecek bir şey yok.',
  cancel: 'İptal',
  fieldTooShort: '{{label}} en az {{min}} karakter olmalıdır.',
  tooManyTags: 'En fazla {{max}} etiket, her biri en çok {{length}} karakter.',
}

export default tr
