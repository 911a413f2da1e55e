import { describe, expect, it } from 'vitest'
import { NOT_FOUND } from '../cache/config/config-cache.ts'
import { UpstreamHttpError, UpstreamStatusError } from '../errors.ts'
import { isNotFound, notFoundAsSymbol, sharedContext } from './shared-loads.ts'

const visitor = {
  userAgent: 'ua/1',
  referer: 'https://a.example/x',
  appDomain: 'other.example',
  cookie: 'sid=secret',
  siteId: '9',
  requestId: 'req-1',
  signal: new AbortController().signal,
}
const where = { method: 'POST', url: '/v1/x' }

describe('sharedContext', () => {
  it("keeps the first caller's user-agent, referer and request id, takes the tenant's host, the signal it is given and no cookie", () => {
    const signal = new AbortController().signal
    expect(sharedContext({ host: 'a.example', context: visitor }, signal)).toEqual({
      userAgent: 'ua/1',
      referer: 'https://a.example/x',
      appDomain: 'a.example',
      requestId: 'req-1',
      signal,
    })
  })

  it('leaves out a signal and a request id it was not given', () => {
    const { requestId: _, ...withoutId } = visitor
    expect(sharedContext({ host: 'a.example', context: withoutId }, undefined)).toEqual({
      userAgent: 'ua/1',
      referer: 'https://a.example/x',
      appDomain: 'a.example',
    })
  })
})

describe('isNotFound and notFoundAsSymbol', () => {
  const status = (code: number) => new UpstreamStatusError({ status: code, info: 'x', data: null }, where)

  it('takes only envelope status 404 as "no such site or page"', async () => {
    expect(isNotFound(status(404))).toBe(true)
    expect(isNotFound(status(500))).toBe(false)
    expect(isNotFound(new UpstreamHttpError(404, null, where))).toBe(false)
    await expect(notFoundAsSymbol(Promise.reject(status(404)))).resolves.toBe(NOT_FOUND)
    await expect(notFoundAsSymbol(Promise.resolve(1))).resolves.toBe(1)
    const failure = status(500)
    await expect(notFoundAsSymbol(Promise.reject(failure))).rejects.toBe(failure)
  })
})
