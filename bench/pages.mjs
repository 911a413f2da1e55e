// The pages the benchmark and the profiler load, and the headers a browser sends for them.

/** Each with the host and language cookie that make it render (no redirect). */
export const PAGES = [
  { name: 'resource search, 60 results', host: 'res.localhost', lang: 'zh', path: '/s?query=a' },
  { name: 'res home', host: 'res.localhost', lang: 'zh', path: '/' },
  { name: 'land home, every module', host: 'land.localhost', lang: 'en', path: '/' },
  { name: 'nav page', host: 'nav.localhost', lang: 'zh-TW', path: '/nav/dev/frontend' },
  { name: 'post', host: 'res.localhost', lang: 'zh', path: '/post-search-tips' },
]

// A real browser's user agent: crawlers get whole documents, visitors get the streamed shell.
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'

/** What a browser sends for a page: its host, language cookie, user agent and accepted encodings. */
export const headersOf = (page) => ({
  host: page.host,
  cookie: `lang=${page.lang}`,
  'user-agent': BROWSER_UA,
  'accept-encoding': 'br, gzip',
})
