/**
 * English interface strings; with account/en.ts (the sign-in dialog's, loaded with the dialog) the
 * source of truth for the message keys. Every other locale file (and its account/ file) has
 * exactly these keys, except plural ones: `key_<category>` for each plural category its language
 * has (`Intl.PluralRules`: English one/other, Russian one/few/many/other, Arabic six, Chinese only
 * other); i18next picks the form from `count`. `{{name}}` marks an i18next interpolation,
 * `{{count, number}}` a number in the page language's digits and grouping.
 */
import type enAccount from './account/en.ts'

const en = {
  // Fixed pages and errors (SPEC §2, §8)
  pageNotFoundLead: 'The page you are looking for does not exist or has been moved.',
  internalServerErrorLead: 'Something went wrong on our side. Please try again in a moment.',
  methodNotAllowedLead: 'This address does not accept that kind of request.',
  backToHome: 'Back to home',
  fetchFailed: 'Failed to load the page. Please check your connection and try again.',
  loading: 'Loading…',

  // Layout
  home: 'Home',
  menu: 'Menu',
  language: 'Language',
  search: 'Search',
  searchPlaceholder: 'Search resources',
  searchPosts: 'Search articles',
  skipToContent: 'Skip to content',
  announcement: 'Announcement',
  disclaimer: 'Disclaimer',
  friendshipLinks: 'Friendly links',
  links: 'Links',
  backToTop: 'Back to top',

  // Resources, search, rankings, tags
  searchResultsFor: 'Results for “{{query}}”',
  searchEmptyQuery: 'Type a keyword to search.',
  resultsCount_one: '{{count, number}} result',
  resultsCount_other: '{{count, number}} results',
  noResults: 'Nothing found.',
  matchingPages: 'Matching pages',
  hotResources: 'Hot resources',
  newResources: 'New resources',
  hotSearches: 'Hot searches',
  newest: 'Newest',
  allCategories: 'All categories',
  category: 'Category',
  tags: 'Tags',
  views_one: '{{count, number}} view',
  views_other: '{{count, number}} views',
  updatedAt: 'Updated {{date}}',
  publishedAt: 'Published {{date}}',
  resourceLinks: 'Links',
  extractionCode: 'Code: {{code}}',
  openLink: 'Open link',
  copyLink: 'Copy link',
  recommended: 'You may also like',
  rankings: 'Rankings',
  rank: 'Rank',
  score: 'Score',
  contactUs: 'Contact us',
  previousPage: 'Previous',
  nextPage: 'Next',
  pageOf: 'Page {{page}} of {{pages}}',
  shareLinkError: 'The share link is invalid.',
  shareLinkExpired: 'The share link has expired.',

  // Posts
  posts: 'Articles',
  postCategories: 'Categories',
  readMore: 'Read more',
  byAuthor: 'By {{name}}',
  writePost: 'Write an article',

  // Feedback and links
  feedback: 'Feedback',
  feedbackLead: 'Tell us what you think or what you are looking for.',
  submit: 'Submit',
  submitting: 'Submitting…',
  submitted: 'Thank you! Your message has been sent.',
  reply: 'Reply',
  required: 'Required',

  // Content pages
  tableOfContents: 'Contents',
  visitSite: 'Visit',
  validCodes: 'Working codes',
  expiredCodes: 'Expired codes',
  expiresAt: 'Expires {{date}}',
  copy: 'Copy',
  copied: 'Copied',
  faq: 'Frequently asked questions',

  // Outbound link interstitial (/goto)
  leavingSite: 'You are leaving this site',
  leavingSiteLead_one: 'You will be taken to the address below in {{count, number}} second.',
  leavingSiteLead_other: 'You will be taken to the address below in {{count, number}} seconds.',
  continueToSite: 'Continue',
  invalidLink: 'This link is not valid.',

  // WeChat in-app browser screen (SPEC §2)
  openInBrowser: 'Open in your browser',
  openInBrowserLead: 'Tap the menu at the top right and choose “Open in browser”, or copy the link below.',
  copySuccessOpenBrowser: 'Link copied. Paste it into your browser to continue.',
  copyFailed: 'Copy failed. Please copy the address manually.',

  // Promo
  close: 'Close',

  // Sign in (SPEC §4, §5, §8)
  login: 'Sign in',
  logout: 'Sign out',
  email: 'E-mail',
  back: 'Back',
  signedInAs: 'Signed in as {{name}}',

  // Forms, transfer-save, announcement and the post editor
  contactOptional: 'Contact (optional)',
  formHasProblems: 'Please check the highlighted fields.',
  submitFailed: 'Your message could not be sent. Please try again.',
  fieldRequired: '{{label}} is required.',
  fieldTooLong: '{{label}} must be at most {{max}} characters.',
  fieldInvalidChoice: 'Please choose {{label}} from the list.',
  dismiss: 'Dismiss',
  transferSave: 'Save to my drive',
  transferSaving: 'Saving…',
  transferSaved: 'Saved. Your share link:',
  transferFailed: 'The resource could not be saved. Please try again later.',
  postTitle: 'Title',
  postContent: 'Content (Markdown)',
  postTags: 'Tags (separated by commas)',
  write: 'Write',
  preview: 'Preview',
  publish: 'Publish',
  signInToWrite: 'Please sign in to write an article.',
  postCreateFailed: 'The article could not be published. Please try again.',
  nothingToPreview: 'Nothing to preview yet.',
  cancel: 'Cancel',
  fieldTooShort: '{{label}} must be at least {{min}} characters.',
  tooManyTags: 'Use at most {{max}} tags of up to {{length}} characters each.',
}

type EnglishKey = keyof typeof en | keyof typeof enAccount
/** Keys translated by count: `t('views', { count })`. */
export type PluralKey = EnglishKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never
type PluralFormKey = `${PluralKey}_${Intl.LDMLPluralRule}`
type SimpleKey = Exclude<EnglishKey, PluralFormKey>

export type Messages = { [K in SimpleKey | `${PluralKey}_other`]: string } & { [K in PluralFormKey]?: string }
export type MessageKey = SimpleKey | PluralKey
/** The sign-in dialog's keys: their strings are in locales/account/, loaded with the dialog. */
export type AccountKey = keyof typeof enAccount
/** The strings a page loads with its language: all but the sign-in dialog's. */
export type PageMessages = Omit<Messages, AccountKey>
export type AccountMessages = Pick<Messages, AccountKey>
export default en satisfies PageMessages
