import { describe, expect, it } from 'vitest'
import type { HeadTag } from '../data/page-head.ts'
import { headTagKey } from './head-tag.ts'
import { type SiteCode, siteCodeOf, siteScriptsDiffer } from './site-scripts.ts'

const script = (text: string): HeadTag => ({ tag: 'script', attrs: {}, html: text })
const SITE = script('site()')
const POST = script('post()')
const RESOURCE = script('resource()')
const MARKER: HeadTag = { tag: 'meta', attrs: { name: 'marker', content: '1' } }
const CODE: SiteCode = { code: [SITE, MARKER], pageCode: { ugc_post: [POST, MARKER], resource: [RESOURCE] } }
const keys = (...tags: HeadTag[]) => new Set(tags.map(headTagKey))

describe('siteScriptsDiffer', () => {
  it.each([
    ['the same type of page', 'ugc_post', keys(SITE, POST), false],
    ['a page without page-type code, from one without', undefined, keys(SITE), false],
    ['a page of a type with scripts, from one without', 'ugc_post', keys(SITE), true],
    ['a page without page-type scripts, from one with', undefined, keys(SITE, POST), true],
    ['a page of another type with other scripts', 'resource', keys(SITE, POST), true],
    ['a script that is not the site’s (JSON-LD)', 'ugc_post', keys(SITE, POST, script('{}')), false],
    ['a name that is no page type of the site', 'constructor', keys(SITE), false],
    ['a name of the object prototype, from a page with page scripts', '__proto__', keys(SITE, POST), true],
  ] as const)('%s: %s', (_what, pageType, present, differ) => {
    expect(siteScriptsDiffer(CODE, pageType, present)).toBe(differ)
  })

  it('never differs for a site without scripts', () => {
    expect(siteScriptsDiffer({ code: [MARKER], pageCode: { ugc_post: [MARKER] } }, 'ugc_post', new Set())).toBe(false)
  })
})

describe('siteCodeOf', () => {
  const inline = { tag: 'script', attrs: {}, html: 'window.a = 1' }
  const meta = { tag: 'meta', attrs: { name: 'v', content: '1' } }
  const withHead = (head: unknown) => ({ head })

  it('reads the site code of the root route’s data', () => {
    expect(siteCodeOf(withHead({ code: [inline], pageCode: { land: [meta] }, siteName: 'x' }))).toEqual({
      code: [inline],
      pageCode: { land: [meta] },
    })
  })

  it.each([
    ['no head', withHead(undefined)],
    ['no code', withHead({ pageCode: {} })],
    ['a tag of another kind', withHead({ code: [{ tag: 'iframe', attrs: {} }], pageCode: {} })],
    ['attributes that are not texts', withHead({ code: [{ tag: 'meta', attrs: { a: 1 } }], pageCode: {} })],
    ['page code that is no list', withHead({ code: [], pageCode: { land: meta } })],
  ])('refuses %s', (_what, state) => {
    expect(() => siteCodeOf(state)).toThrow('The page carries no usable site code')
  })
})
