import { HtmlValidate } from 'html-validate'
import { beforeAll, describe, expect, it } from 'vitest'
import { nuCheck, STYLESHEETS } from '../../test/nu-checker.ts'
import { allowedStatuses, PAGE_CASES, type RenderedPage, renderPageKinds } from '../../test/page-kinds.ts'

// Every page kind, from the demo's data and from data shaped as real upstreams send it (links
// without a URL, empty lists, long and right-to-left texts, optional fields not set: see
// test/real-shaped-upstream.ts), through two validators written elsewhere: html-validate, and the
// W3C Nu HTML Checker over every page and stylesheet in one run (test/nu-checker.ts). A clean page
// has no message from either. What is ignored, and why: docs/markup.md.

// Standards, accessibility and document rules. SRI is required for other origins only: our own assets
// are same-origin and carry a content hash in their names. Nothing else is turned off.
const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
  rules: { 'require-sri': ['error', { target: 'crossorigin' }] },
})

/** Every message html-validate has about `html`, warnings as much as errors: a clean page has none. */
async function htmlValidateProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html)
  return report.results
    .flatMap((result) => result.messages)
    .map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? ''})`)
}

describe('every page kind, with demo and real-shaped data, passes html-validate and the Nu HTML Checker', () => {
  let rendered = new Map<string, RenderedPage>()
  let nu = new Map<string, string[]>()
  beforeAll(async () => {
    rendered = await renderPageKinds()
    nu = await nuCheck(rendered)
  }, 300_000)

  it.each(PAGE_CASES)('$label', async (page) => {
    const result = rendered.get(page.label)
    if (!result) throw new Error(`${page.label} was not rendered`)
    expect(allowedStatuses(page)).toContain(result.status)
    expect(await htmlValidateProblems(result.html)).toEqual([])
    expect(nu.get(page.label)).toEqual([])
  })

  it('every stylesheet passes the Nu checker, the source ones and those inlined in pages as built', () => {
    const sheets = [...nu].filter(([label]) => !rendered.has(label))
    expect(sheets.filter(([label]) => label.startsWith('inline stylesheet')).length).toBeGreaterThan(3)
    expect(sheets.length).toBeGreaterThan(STYLESHEETS.length)
    expect(sheets.filter(([, messages]) => messages.length > 0)).toEqual([])
    // Every message named a page or stylesheet of this run.
    expect([...nu.keys()].filter((label) => label.startsWith('file:'))).toEqual([])
  })

  it('the validators know a defect when they see one (their rules are on)', async () => {
    const page =
      '<!DOCTYPE html><html lang="en"><head><title>t</title><style data-styles="x">p{line-clamp:2}</style></head>' +
      '<body><main><div aria-label="x">x</div><section><p>no heading</p></section></main></body></html>'
    expect(await htmlValidateProblems(page)).toEqual([expect.stringMatching(/^aria-label-misuse/)])
    const problems = await nuCheck(new Map([['defect', { status: 200, html: page, shape: 'demo' }]]))
    expect(problems.get('defect')).toEqual([
      expect.stringContaining('The “aria-label” attribute must not be specified on any “div” element'),
      expect.stringContaining('Section lacks heading'),
    ])
    expect([...problems].find(([label]) => label.startsWith('inline stylesheet x'))?.[1]).toEqual([
      expect.stringContaining('“line-clamp”'),
    ])
  })
})
