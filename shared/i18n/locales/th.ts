import type { PageMessages } from './en.ts'

const th: PageMessages = {
  // Fixed pages and errors (SPEC §2, §8)
  pageNotFoundLead: 'หน้าที่คุณกำลังค้นหาไม่มีอยู่หรือถูกย้ายไปแล้ว',
  internalServerErrorLead: 'เกิดข้อผิดพลาดในระบบของเรา โปรดลองอีกครั้งในอีกสักครู่',
  methodNotAllowedLead: 'ที่อยู่นี้ไม่รองรับคำขอประเภทนี้',
  backToHome: 'กลับสู่หน้าแรก',
  fetchFailed: 'โหลดหน้าไม่สำเร็จ โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง',
  loading: 'กำลังโหลด…',

  // Layout
  home: 'หน้าแรก',
  menu: 'เมนู',
  language: 'ภาษา',
  search: 'ค้นหา',
  searchPlaceholder: 'ค้นหาทรัพยากร',
  searchPosts: 'ค้นหาบทความ',
  skipToContent: 'ข้ามไปยังเนื้อหา',
  announcement: 'ประกาศ',
  disclaimer: 'ข้อจำกัดความรับผิดชอบ',
  friendshipLinks: 'เว็บไซต์พันธมิตร',
  links: 'ลิงก์',
  backToTop: 'กลับไปด้านบน',

  // Resources, search, rankings, tags
  searchResultsFor: 'ผลการค้นหาสำหรับ “{{query}}”',
  searchEmptyQuery: 'โปรดพิมพ์คำค้นหา',
  resultsCount_other: '{{count, number}} รายการ',
  noResults: 'ไม่พบผลลัพธ์',
  matchingPages: 'หน้าที่ตรงกัน',
  hotResources: 'ทรัพยากรยอดนิยม',
  newResources: 'ทรัพยากรใหม่',
  hotSearches: 'คำค้นหายอดนิยม',
  newest: 'ล่าสุด',
  allCategories: 'ทุกหมวดหมู่',
  category: 'หมวดหมู่',
  tags: 'แท็ก',
  views_other: 'เข้าชม {{count, number}} ครั้ง',
  updatedAt: 'อัปเดตเมื่อ {{date}}',
  publishedAt: 'เผยแพร่เมื่อ {{date}}',
  resourceLinks: 'ลิงก์',
  extractionCode: 'รหัส: {{code}}',
  openLink: 'เปิดลิงก์',
  copyLink: 'คัดลอกลิงก์',
  recommended: 'คุณอาจสนใจ',
  rankings: 'อันดับ',
  rank: 'ลำดับที่',
  score: 'คะแนน',
  contactUs: 'ติดต่อเรา',
  previousPage: 'ก่อนหน้า',
  nextPage: 'ถัดไป',
  pageOf: 'หน้า {{page}} จาก {{pages}}',
  shareLinkError: 'ลิงก์แชร์ไม่ถูกต้อง',
  shareLinkExpired: 'ลิงก์แชร์หมดอายุแล้ว',

  // Posts
  posts: 'บทความ',
  postCategories: 'หมวดหมู่',
  readMore: 'อ่านต่อ',
  byAuthor: 'โดย {{name}}',
  writePost: 'เขียนบทความ',

  // Feedback and links
  feedback: 'ความคิดเห็น',
  feedbackLead: 'บอกเราว่าคุณคิดอย่างไร หรือกำลังมองหาอะไรอยู่',
  submit: 'ส่ง',
  submitting: 'กำลังส่ง…',
  submitted: 'ขอบคุณ! ส่งข้อความของคุณเรียบร้อยแล้ว',
  reply: 'ตอบกลับ',
  required: 'จำเป็น',

  // Content pages
  tableOfContents: 'สารบัญ',
  visitSite: 'เข้าชม',
  validCodes: 'โค้ดที่ใช้ได้',
  expiredCodes: 'โค้ดที่หมดอายุ',
  expiresAt: 'หมดอายุ {{date}}',
  copy: 'คัดลอก',
  copied: 'คัดลอกแล้ว',
  faq: 'คำถามที่พบบ่อย',

  // Outbound link interstitial (/goto)
  leavingSite: 'คุณกำลังออกจากเว็บไซต์นี้',
  leavingSiteLead_other: 'ระบบจะพาคุณไปยังที่อยู่ด้านล่างใน {{count, number}} วินาที',
  continueToSite: 'ดำเนินการต่อ',
  invalidLink: 'ลิงก์นี้ไม่ถูกต้อง',

  // WeChat in-app browser screen (SPEC §2)
  openInBrowser: 'เปิดในเบราว์เซอร์',
  openInBrowserLead: 'แตะเมนูที่มุมขวาบน แล้วเลือก “เปิดในเบราว์เซอร์” หรือคัดลอกลิงก์ด้านล่าง',
  copySuccessOpenBrowser: 'คัดลอกลิงก์แล้ว โปรดวางในเบราว์เซอร์เพื่อดำเนินการต่อ',
  copyFailed: 'คัดลอกไม่สำเร็จ โปรดคัดลอกที่อยู่ด้วยตนเอง',

  // Promo
  close: 'ปิด',

  // Sign in (SPEC §4, §5, §8)
  login: 'เข้าสู่ระบบ',
  logout: 'ออกจากระบบ',
  email: 'อีเมล',
  back: 'ย้อนกลับ',
  signedInAs: 'เข้าสู่ระบบในชื่อ {{name}}',
  contactOptional: 'ช่องทางติดต่อ (ไม่บังคับ)',
  formHasProblems: 'โปรดตรวจสอบช่องที่ทำเครื่องหมายไว้',
  submitFailed: 'ส่งไม่สำเร็จ โปรดลองอีกครั้ง',
  fieldRequired: 'โปรดกรอก{{label}}',
  fieldTooLong: '{{label}} ต้องไม่เกิน {{max}} ตัวอักษร',
  fieldInvalidChoice: 'โปรดเลือก{{label}}จากรายการ',
  dismiss: 'ปิด',
  transferSave: 'บันทึกไปยังไดรฟ์ของฉัน',
  transferSaving: 'กำลังบันทึก…',
  transferSaved: 'บันทึกแล้ว ลิงก์แชร์ของคุณ:',
  transferFailed: 'บันทึกไม่สำเร็จ โปรดลองใหม่ภายหลัง',
  postTitle: 'หัวข้อ',
  postContent: 'เนื้อหา (Markdown)',
  postTags: 'แท็ก (คั่นด้วยจุลภาค)',
  write: 'เขียน',
  preview: 'ดูตัวอย่าง',
  publish: 'เผยแพร่',
  signInToWrite: 'โปรดเข้าสู่ระบบเพื่อเขียนบทความ',
  postCreateFailed: 'เผยแพร่บทความไม่สำเร็จ โปรดลองอีกครั้ง',
  nothingToPreview: 'ยังไม่มีเนื้อหาให้ดูตัวอย่าง',
  cancel: 'ยกเลิก',
  fieldTooShort: '{{label}} ต้องมีอย่างน้อย {{min}} ตัวอักษร',
  tooManyTags: 'แท็กได้สูงสุด {{max}} รายการ แต่ละรายการไม่เกิน {{length}} ตัวอักษร',
}

export default th
