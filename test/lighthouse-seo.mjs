// `npm run check:seo`: Lighthouse's SEO category on the demo pages that are meant to be indexed, in
// Debian's Chromium, offline. Every page must score 100; failing audits are printed. Slow (a browser
// run per page), so it is not part of `npm test`. Needs a build (the npm script makes one).
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startApp } from '../bench/processes.mjs'

/** Indexable pages of the three demo sites, each with the language cookie that renders it in place. */
const PAGES = [
  ['res.localhost', 'zh', '/'],
  ['res.localhost', 'en', '/en'],
  ['res.localhost', 'zh', '/d/vlc-media-player'],
  ['res.localhost', 'zh', '/rank'],
  ['res.localhost', 'zh', '/res/hot'],
  ['res.localhost', 'zh', '/tags/open-source'],
  ['res.localhost', 'zh', '/articles'],
  ['res.localhost', 'zh', '/post-search-tips'],
  ['res.localhost', 'zh', '/c/about'],
  ['land.localhost', 'en', '/'],
  ['land.localhost', 'en', '/doc_handbook'],
  ['land.localhost', 'en', '/l/campaign/spring-sale'],
  ['land.localhost', 'ar', '/ar'],
  ['nav.localhost', 'zh-TW', '/'],
  ['nav.localhost', 'zh-TW', '/ai'],
  ['nav.localhost', 'zh-TW', '/sp/news'],
]

const app = await startApp()
const port = new URL(app.origin).port
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
let failed = 0
try {
  for (const [host, lang, path] of PAGES) {
    const url = `http://${host}:${port}${path}`
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['seo'],
      output: 'json',
      logLevel: 'error',
      // The language cookie keeps the first-visit language redirect out of the way.
      extraHeaders: { Cookie: `lang=${lang}` },
    })
    const lhr = result?.lhr
    const score = lhr?.categories.seo.score ?? 0
    const problems = Object.values(lhr?.audits ?? {})
      .filter((audit) => lhr.categories.seo.auditRefs.some((ref) => ref.id === audit.id))
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 1 &&
          audit.scoreDisplayMode !== 'manual' &&
          audit.scoreDisplayMode !== 'notApplicable',
      )
      .map((audit) => `${audit.id}: ${audit.explanation ?? audit.title}`)
    if (score < 1) failed += 1
    console.log(
      `${score === 1 ? 'ok  ' : 'FAIL'} ${Math.round(score * 100)} ${url}${problems.length ? `\n       ${problems.join('\n       ')}` : ''}`,
    )
  }
} finally {
  await chrome.kill()
  await app.stop()
}
if (failed > 0) {
  console.error(`${failed} page(s) below SEO 100`)
  process.exit(1)
}
