import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { describe, expect, it } from 'vitest'
import { jsonError } from './json-error.ts'

describe('a refusal of the same-origin API', () => {
  it.each<[ContentfulStatusCode, string, Record<string, string>]>([
    [400, 'The Host header is not valid', {}],
    [405, 'This API only accepts POST', { allow: 'POST' }],
    [503, 'The site is starting, please try again', { 'retry-after': '3' }],
  ])('%i %s: the envelope with the HTTP status, never stored', async (status, info, extra) => {
    const app = new Hono().get('/', (c) => jsonError(c, status, info, extra))
    const response = await app.request('/')
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    for (const [name, value] of Object.entries(extra)) expect(response.headers.get(name)).toBe(value)
    expect(await response.json()).toEqual({ status, info, data: null })
  })
})
