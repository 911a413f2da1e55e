import { describe, expect, it } from 'vitest'
import {
  UpstreamAbortedError,
  UpstreamBadResponseError,
  UpstreamError,
  UpstreamHttpError,
  UpstreamNetworkError,
  UpstreamTimeoutError,
} from '../errors.ts'
import { outcomeOf, toUpstreamError, type FailureState } from './call-failures.ts'
import { BodyTooLargeError } from './read-body.ts'

const where = { method: 'POST', url: '/v1/site_page/web_get' }
const quiet: FailureState = { timedOut: false, callerAborted: false, timeoutMs: 3000 }
const withCode = (code: string) => Object.assign(new Error(code), { code })

describe('what a failed upstream call becomes', () => {
  it.each([
    [
      'the deadline passed, whatever was thrown',
      withCode('ECONNRESET'),
      { ...quiet, timedOut: true },
      UpstreamTimeoutError,
      'timeout',
    ],
    ['the caller gave up', new Error('aborted'), { ...quiet, callerAborted: true }, UpstreamAbortedError, 'aborted'],
    ['a body over the cap', new BodyTooLargeError(10), quiet, UpstreamBadResponseError, 'bad_response'],
    ["undici's headers timeout", withCode('UND_ERR_HEADERS_TIMEOUT'), quiet, UpstreamTimeoutError, 'timeout'],
    ['a refused connection', withCode('ECONNREFUSED'), quiet, UpstreamNetworkError, 'network'],
    ['a closed socket', withCode('UND_ERR_SOCKET'), quiet, UpstreamNetworkError, 'network'],
    ['anything else', new TypeError('bad'), quiet, UpstreamError, 'error'],
  ])('%s', (_, thrown, state, kind, outcome) => {
    const error = toUpstreamError(thrown, where, state)
    expect(error).toBeInstanceOf(kind)
    expect(error.cause).toBe(thrown)
    expect(outcomeOf(error)).toBe(outcome)
  })

  it('keeps an upstream error as it is', () => {
    const http = new UpstreamHttpError(503, null, where)
    expect(toUpstreamError(http, where, { ...quiet, timedOut: true })).toBe(http)
    expect(outcomeOf(http)).toBe('http_5xx')
    expect(outcomeOf(new UpstreamHttpError(404, null, where))).toBe('http_4xx')
  })
})
