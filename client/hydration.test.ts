import { describe, expect, it } from 'vitest'
import { pageHeadOf, parsePayloadBody, readHydrationState, readRootRouting } from './hydration.ts'

describe('parsePayloadBody', () => {
  it('keeps a body as the server writes it', () => {
    const body = {
      status: 404,
      loaderData: { root: { a: 1 } },
      errors: { c: { __type: 'RouteErrorResponse', status: 404, statusText: 'Not Found', data: { message: 'x' } } },
      deferred: { s: ['aside'] },
    }
    expect(parsePayloadBody(body)).toEqual(body)
    expect(parsePayloadBody({ status: 200, redirect: '/c/x.json', document: true })).toEqual({
      status: 200,
      redirect: '/c/x.json',
      document: true,
    })
  })

  it.each([
    ['null', null],
    ['an array', [1]],
    ['no status', { loaderData: {} }],
    ['a text status', { status: '200' }],
    ['a numeric redirect', { status: 302, redirect: 5 }],
    ['errors that are not objects', { status: 500, errors: { c: 'boom' } }],
    ['deferred keys that are not lists', { status: 200, deferred: { s: 'aside' } }],
    ['deferred keys that are not texts', { status: 200, deferred: { s: [1] } }],
    ['an error with a text status', { status: 500, errors: { c: { status: '500' } } }],
    ['a document flag that is text', { status: 200, redirect: '/x', document: 'yes' }],
    ['loader data that is a list', { status: 200, loaderData: [1] }],
  ])('refuses %s', (_name, value) => {
    expect(() => parsePayloadBody(value)).toThrow('Malformed page payload')
  })
})

describe('readRootRouting', () => {
  const site = { name: 'x', defaultLanguage: 'zh', searchRoute: 's', pathMapping: [{ from: '/res_tags', to: '/tags' }] }

  it('reads the language and address rules', () => {
    expect(readRootRouting({ loaderData: { root: { language: 'en', site } } })).toEqual({
      language: 'en',
      defaultLanguage: 'zh',
      searchRoute: 's',
      pathMapping: [{ from: '/res_tags', to: '/tags' }],
    })
  })

  it.each([
    ['no root data', {}],
    ['an unknown language', { root: { language: 'xx', site } }],
    ['a mapping of the wrong shape', { root: { language: 'en', site: { ...site, pathMapping: ['/a'] } } }],
    ['no search route', { root: { language: 'en', site: { ...site, searchRoute: undefined } } }],
    ['an unknown default language', { root: { language: 'en', site: { ...site, defaultLanguage: 'xx' } } }],
  ])('refuses %s', (_name, loaderData) => {
    expect(() => readRootRouting({ loaderData })).toThrow(/root data/)
  })
})

describe('readHydrationState', () => {
  const element = (text: string) => ({ textContent: text }) as HTMLElement

  it('reads the state a page embeds (no status of its own) and revives route errors', () => {
    const { state } = readHydrationState(
      element(
        JSON.stringify({
          loaderData: { root: { a: 1 } },
          errors: { c: { __type: 'RouteErrorResponse', status: 404, statusText: 'Not Found', data: null } },
          deferred: {},
        }),
      ),
    )
    expect(state.loaderData).toEqual({ root: { a: 1 } })
    expect(state.errors?.c).toMatchObject({ status: 404 })
  })

  it.each(['{"loaderData":[1]}', '[]', '{"errors":{"c":"boom"}}', '{"deferred":{"s":"aside"}}'])(
    'refuses data of the wrong shape: %s',
    (text) => {
      expect(() => readHydrationState(element(text))).toThrow('Malformed hydration data')
    },
  )

  it('leaves out fields the router does not read', () => {
    expect(readHydrationState(element('{"loaderData":{},"extra":1}')).body).toEqual({ loaderData: {} })
    expect(parsePayloadBody({ status: 200, extra: 1 })).toEqual({ status: 200 })
  })
})

describe('pageHeadOf', () => {
  it.each([
    [{ head: { title: 't', pageType: 'land' } }, { pageType: 'land' }],
    [{ head: { title: 't' } }, { pageType: undefined }],
    [{ head: { pageType: 5 } }, { pageType: undefined }],
    [{ kind: 'content' }, null],
    [null, null],
  ])('%j → %j', (data, head) => {
    expect(pageHeadOf(data)).toEqual(head)
  })
})
