import { describe, expect, it } from 'vitest'
import { parsePayloadBody, readHydrationState, readRootRouting } from './hydration.ts'

describe('parsePayloadBody', () => {
  it('keeps a body as the server writes it', () => {
    const body = { status: 404, loaderData: { root: { a: 1 } }, errors: { c: { __type: 'RouteErrorResponse', status: 404, statusText: 'Not Found', data: { message: 'x' } } }, deferred: { s: ['aside'] } }
    expect(parsePayloadBody(body)).toEqual(body)
    expect(parsePayloadBody({ status: 200, redirect: '/c/x.json', document: true })).toEqual({ status: 200, redirect: '/c/x.json', document: true })
  })

  it.each([
    ['null', null],
    ['an array', [1]],
    ['no status', { loaderData: {} }],
    ['a text status', { status: '200' }],
    ['a numeric redirect', { status: 302, redirect: 5 }],
    ['errors that are not objects', { status: 500, errors: { c: 'boom' } }],
    ['deferred keys that are not lists', { status: 200, deferred: { s: 'aside' } }],
  ])('refuses %s', (_name, value) => {
    expect(() => parsePayloadBody(value)).toThrow('Malformed page payload')
  })
})

describe('readRootRouting', () => {
  const site = { name: 'x', defaultLanguage: 'zh', searchRoute: 's', pathMapping: [{ from: '/res_tags', to: '/tags' }] }

  it('reads the language and address rules', () => {
    expect(readRootRouting({ loaderData: { root: { language: 'en', site } } })).toEqual({ language: 'en', defaultLanguage: 'zh', searchRoute: 's', pathMapping: [{ from: '/res_tags', to: '/tags' }] })
  })

  it.each([
    ['no root data', {}],
    ['an unknown language', { root: { language: 'xx', site } }],
    ['a mapping of the wrong shape', { root: { language: 'en', site: { ...site, pathMapping: ['/a'] } } }],
  ])('refuses %s', (_name, loaderData) => {
    expect(() => readRootRouting({ loaderData })).toThrow(/root data/)
  })
})

describe('readHydrationState', () => {
  const element = (text: string) => ({ textContent: text }) as HTMLElement

  it('reads the state a page embeds (no status of its own) and revives route errors', () => {
    const { state } = readHydrationState(element(JSON.stringify({ loaderData: { root: { a: 1 } }, errors: { c: { __type: 'RouteErrorResponse', status: 404, statusText: 'Not Found', data: null } }, deferred: {} })))
    expect(state.loaderData).toEqual({ root: { a: 1 } })
    expect(state.errors?.c).toMatchObject({ status: 404 })
  })

  it('refuses data of the wrong shape', () => {
    expect(() => readHydrationState(element('{"loaderData":[1]}'))).toThrow('Malformed hydration data')
  })
})
