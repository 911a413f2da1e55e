// `npm run check:perf`: Lighthouse's performance category (the default mobile preset: simulated
// slow 4G and a 4× slower CPU) on one page of every demo page kind, in Debian's Chromium, offline.
// Each page is measured `--runs=N` times (default 3) and judged by its median run, as Lighthouse's
// own guidance on variability advises: one run moves by ten points and more on a busy machine.
// Prints the median run's score, LCP, CLS, TBT and FCP per page, every run's score, and what costs
// the most; fails when a page's median scores under 98, the target for every page kind. Slow (a
// browser run per page and run) and sensitive to a busy machine, so not part of `npm test`.
// Needs a build (the npm script makes one). `--only=<text>` keeps the pages whose address contains it.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { get } from '../bench/http-get.mjs'
import { medianBy } from '../bench/median.mjs'
import { startApp } from '../bench/processes.mjs'

const MIN_SCORE = 0.98

/** [kind, host, language cookie, address] */
const PAGES = [
  ['res home', 'res.localhost', 'zh', '/'],
  ['search', 'res.localhost', 'zh', '/s?query=vlc'],
  ['rank', 'res.localhost', 'zh', '/rank'],
  ['tag', 'res.localhost', 'zh', '/tags/open-source'],
  ['resource detail', 'res.localhost', 'zh', '/d/vlc-media-player'],
  ['post list', 'res.localhost', 'zh', '/articles'],
  ['post', 'res.localhost', 'zh', '/post-search-tips'],
  ['custom page', 'res.localhost', 'zh', '/c/about'],
  ['land home', 'land.localhost', 'en', '/'],
  ['nav page', 'nav.localhost', 'zh-TW', '/ai'],
  ['feedback', 'land.localhost', 'en', '/feedback'],
  ['404', 'res.localhost', 'zh', '/no-such-page'],
]

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
const runs = Math.max(1, Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3))
const pages = only ? PAGES.filter(([kind, host, , path]) => `${kind} ${host}${path}`.includes(only)) : PAGES

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
const ms = (audit) => `${Math.round(audit?.numericValue ?? NaN)} ms`.padStart(8)
let failed = 0
try {
  console.log("score   LCP       CLS    TBT       FCP      page (every run's score)")
  for (const [kind, host, lang, path] of pages) {
    const url = `http://${host}:${port}${path}`
    // Once before measuring: a visitor meets a server whose site configs are already cached.
    await get(app.origin, path, { host, cookie: `lang=${lang}` })
    const results = []
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
        // The 404 page is a page kind of its own: measure it although its status is not 200.
        ignoreStatusCode: true,
        // The language cookie keeps the first-visit language redirect out of the way.
        extraHeaders: { Cookie: `lang=${lang}` },
      })
      results.push(result?.lhr)
    }
    const scoreOf = (lhr) => lhr?.categories.performance.score ?? 0
    const lhr = medianBy(results, scoreOf)
    const score = scoreOf(lhr)
    const audits = lhr?.audits ?? {}
    const cls = (audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)
    if (score < MIN_SCORE) failed += 1
    const every = results.map((each) => Math.round(scoreOf(each) * 100)).join(', ')
    console.log(
      `${score >= MIN_SCORE ? 'ok  ' : 'FAIL'} ${String(Math.round(score * 100)).padStart(3)} ${ms(audits['largest-contentful-paint'])}  ${cls} ${ms(audits['total-blocking-time'])} ${ms(audits['first-contentful-paint'])}  ${kind}: ${url} (${every})`,
    )
    if (score < MIN_SCORE || process.argv.includes('--verbose'))
      for (const line of costs(audits)) console.log(`       ${line}`)
  }
} finally {
  await chrome.kill()
  await app.stop()
}
if (failed > 0) {
  console.error(`${failed} page(s) with a median below performance ${MIN_SCORE * 100}`)
  process.exit(1)
}

/** The audits that cost time on this page: opportunities with savings, then failing diagnostics. */
function costs(audits) {
  const lines = []
  for (const audit of Object.values(audits)) {
    const savings = audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0
    if (audit.score !== null && audit.score < 0.9 && (savings > 0 || audit.details?.type === 'table')) {
      lines.push(`${audit.id}: ${audit.displayValue ?? ''}${savings ? ` (~${Math.round(savings)} ms)` : ''}`)
    }
  }
  const lcp = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet
  if (lcp) lines.push(`LCP element: ${lcp.slice(0, 160)}`)
  return lines
}
