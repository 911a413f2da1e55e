import type { PageMessages } from './en.ts'

const de: PageMessages = {
  // Fixed pages and errors (SPEC §2, §8)
  pageNotFoundLead: 'Die gesuchte Seite existiert nicht oder wurde verschoben.',
  internalServerErrorLead: 'Bei uns ist ein Fehler aufgetreten. Bitte versuchen Sie es gleich noch einmal.',
  methodNotAllowedLead: 'Diese Adresse akzeptiert diese Art von Anfrage nicht.',
  backToHome: 'Zur Startseite',
  fetchFailed: 'Die Seite konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  loading: 'Wird geladen …',

  // Layout
  home: 'Startseite',
  menu: 'Menü',
  language: 'Sprache',
  search: 'Suchen',
  searchPlaceholder: 'Ressourcen durchsuchen',
  searchPosts: 'Artikel durchsuchen',
  skipToContent: 'Zum Inhalt springen',
  announcement: 'Ankündigung',
  disclaimer: 'Haftungsausschluss',
  friendshipLinks: 'Partnerseiten',
  links: 'Links',
  backToTop: 'Nach oben',

  // Resources, search, rankings, tags
  searchResultsFor: 'Ergebnisse für „{{query}}“',
  searchEmptyQuery: 'Geben Sie einen Suchbegriff ein.',
  resultsCount_one: '{{count, number}} Ergebnis',
  resultsCount_other: '{{count, number}} Ergebnisse',
  noResults: 'Keine Ergebnisse gefunden.',
  matchingPages: 'Passende Seiten',
  hotResources: 'Beliebte Ressourcen',
  newResources: 'Neue Ressourcen',
  hotSearches: 'Beliebte Suchanfragen',
  newest: 'Neueste',
  allCategories: 'Alle Kategorien',
  category: 'Kategorie',
  tags: 'Schlagwörter',
  views_one: '{{count, number}} Aufruf',
  views_other: '{{count, number}} Aufrufe',
  updatedAt: 'Aktualisiert am {{date}}',
  publishedAt: 'Veröffentlicht am {{date}}',
  resourceLinks: 'Links',
  extractionCode: 'Code: {{code}}',
  openLink: 'Link öffnen',
  copyLink: 'Link kopieren',
  recommended: 'Das könnte Ihnen auch gefallen',
  rankings: 'Ranglisten',
  rank: 'Platz',
  score: 'Punktzahl',
  contactUs: 'Kontakt',
  previousPage: 'Zurück',
  nextPage: 'Weiter',
  pageOf: 'Seite {{page}} von {{pages}}',
  shareLinkError: 'Der Freigabelink ist ungültig.',
  shareLinkExpired: 'Der Freigabelink ist abgelaufen.',

  // Posts
  posts: 'Artikel',
  postCategories: 'Kategorien',
  readMore: 'Weiterlesen',
  byAuthor: 'Von {{name}}',
  writePost: 'Artikel schreiben',

  // Feedback and links
  feedback: 'Feedback',
  feedbackLead: 'Teilen Sie uns mit, was Sie denken oder wonach Sie suchen.',
  submit: 'Absenden',
  submitting: 'Wird gesendet …',
  submitted: 'Vielen Dank! Ihre Nachricht wurde gesendet.',
  reply: 'Antworten',
  required: 'Pflichtfeld',

  // Content pages
  tableOfContents: 'Inhalt',
  visitSite: 'Besuchen',
  validCodes: 'Gültige Codes',
  expiredCodes: 'Abgelaufene Codes',
  expiresAt: 'Gültig bis {{date}}',
  copy: 'Kopieren',
  copied: 'Kopiert',
  faq: 'Häufig gestellte Fragen',

  // Outbound link interstitial (/goto)
  leavingSite: 'Sie verlassen diese Website',
  leavingSiteLead_one: 'Sie werden in {{count, number}} Sekunde zur unten stehenden Adresse weitergeleitet.',
  leavingSiteLead_other: 'Sie werden in {{count, number}} Sekunden zur unten stehenden Adresse weitergeleitet.',
  continueToSite: 'Weiter',
  invalidLink: 'Dieser Link ist ungültig.',

  // WeChat in-app browser screen (SPEC §2)
  openInBrowser: 'Im Browser öffnen',
  openInBrowserLead:
    'Tippen Sie oben rechts auf das Menü und wählen Sie „Im Browser öffnen“ oder kopieren Sie den Link unten.',
  copySuccessOpenBrowser: 'Link kopiert. Fügen Sie ihn in Ihren Browser ein, um fortzufahren.',
  copyFailed: 'Kopieren fehlgeschlagen. Bitte kopieren Sie die Adresse manuell.',

  // Promo
  close: 'Schließen',

  // Sign in (SPEC §4, §5, §8)
  login: 'Anmelden',
  logout: 'Abmelden',
  email: 'E-Mail',
  back: 'Zurück',
  signedInAs: 'Angemeldet als {{name}}',
  contactOptional: 'Kontakt (optional)',
  formHasProblems: 'Bitte prüfen Sie die markierten Felder.',
  submitFailed: 'Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  fieldRequired: '{{label}} ist erforderlich.',
  fieldTooLong: '{{label}} darf höchstens {{max}} Zeichen lang sein.',
  fieldInvalidChoice: 'Bitte wählen Sie {{label}} aus der Liste.',
  dismiss: 'Ausblenden',
  transferSave: 'In meinem Speicher sichern',
  transferSaving: 'Wird gespeichert…',
  transferSaved: 'Gespeichert. Ihr Freigabelink:',
  transferFailed: 'Die Ressource konnte nicht gespeichert werden. Bitte später erneut versuchen.',
  postTitle: 'Titel',
  postContent: 'Inhalt (Markdown)',
  postTags: 'Schlagwörter (durch Kommas getrennt)',
  write: 'Schreiben',
  preview: 'Vorschau',
  publish: 'Veröffentlichen',
  signInToWrite: 'Bitte melden Sie sich an, um einen Artikel zu schreiben.',
  postCreateFailed: 'Der Artikel konnte nicht veröffentlicht werden. Bitte erneut versuchen.',
  nothingToPreview: 'Noch nichts zur Vorschau.',
  cancel: 'Abbrechen',
  fieldTooShort: '{{label}} muss mindestens {{min}} Zeichen lang sein.',
  tooManyTags: 'Höchstens {{max}} Schlagwörter mit je bis zu {{length}} Zeichen.',
}

export default de
