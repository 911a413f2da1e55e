import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import type { AnswerPolicy } from '../http/answer-policy.ts'
import { streamResponse } from './stream-response.ts'

const SHARED: AnswerPolicy = {
  keeping: 'shared',
  cacheControl: 'public, max-age=0, s-maxage=30',
  cdnCacheControl: 'max-age=30',
  etag: 'W/"page"',
  vary: ['Accept-Language'],
  scripts: { hashes: ["'sha256-x'"] },
}

describe('streamResponse', () => {
  it('reports the answer its policy and writes none of it: the writer alone writes a policy (answer/answer-writer.ts)', async () => {
    const reported: AnswerPolicy[] = []
    const response = await streamResponse(createElement('p', null, 'hello'), {
      policy: SHARED,
      onPolicy: (policy) => reported.push(policy),
      waitForAll: true,
      timeoutMs: 5000,
      headers: new Headers({ 'content-type': 'text/html; charset=utf-8' }),
      status: 200,
      start: '<!doctype html><html><body>',
      end: () => '</body></html>',
      onError: (error) => {
        throw error
      },
    })
    expect(await response.text()).toContain('<p>hello</p>')
    expect(reported).toEqual([SHARED])
    for (const name of ['cache-control', 'cdn-cache-control', 'etag', 'vary', 'content-security-policy'])
      expect(response.headers.get(name)).toBeNull()
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })
})
