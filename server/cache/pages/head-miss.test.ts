import http from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createGate, type Gate, holdingPath } from '../../../test/gate.ts'
import { startTestSite, type TestSite } from '../../../test/harness.ts'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const HEADERS = { host: 'res.localhost', cookie: 'lang=zh', 'user-agent': BROWSER, 'accept-encoding': 'identity' }
const PENDING = /<!--\$\?-->|<template id="B:|<div hidden id="S:|\$RC\(/
/** How long the aside's upstream answer is held back after the HEAD is sent. */
const HELD_MS = 300

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  /** When the status line and headers arrived (performance.now()). */
  at: number
  body: string
}

/** A request over a socket, answered once it has ended. */
function send(site: TestSite, method: 'GET' | 'HEAD'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${site.url}/res/hot`, { method, headers: HEADERS }, (response) => {
        const at = performance.now()
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (text: string) => (body += text))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, at, body }))
        response.on('error', reject)
      })
      .on('error', reject)
      .end()
  })
}

describe('HEAD of a page the HTML cache may keep', () => {
  let site: TestSite | undefined
  let gate: Gate = createGate()
  afterEach(async () => {
    gate.open()
    await site?.close()
    site = undefined
  })

  it('waits for the whole page, answers it shareable, and keeps the complete copy a later GET is answered from', async () => {
    gate = createGate()
    site = await startTestSite({
      listen: true,
      htmlCache: {},
      upstream: holdingPath('/v1/resource/aside', gate),
    })
    const asked = send(site, 'HEAD')
    let openedAt = 0
    setTimeout(() => {
      openedAt = performance.now()
      gate.open()
    }, HELD_MS)
    const head = await asked
    // Nothing, not even the status line, before the aside's data arrived: a HEAD renders whole.
    expect(openedAt).toBeGreaterThan(0)
    expect(head.at).toBeGreaterThanOrEqual(openedAt)
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    // Headers any visitor and any shared cache may have: no private answer, no nonce in the policy.
    expect(head.headers['cache-control']).toMatch(/public/)
    expect(head.headers['cache-control']).not.toMatch(/private/)
    expect(head.headers['content-security-policy']).not.toMatch(/nonce-/)
    await vi.waitFor(() => expect(site?.htmlCache?.size).toBe(1))
    await vi.waitFor(() => expect(site?.htmlCache?.inFlight).toBe(0))

    // The GET after is a hit of the copy the HEAD kept: complete, with the HEAD's ETag.
    const get = await send(site, 'GET')
    expect(get.status).toBe(200)
    expect(get.headers.age).toBeDefined()
    expect(get.headers.etag).toBeDefined()
    expect(head.headers.etag).toBe(get.headers.etag)
    expect(get.body).not.toMatch(PENDING)
    expect(get.body).toMatch(/<aside class="res-aside"[^>]*><!--\$--><section class="res-aside__block/)
    expect(site.upstreamCalls.get('/v1/resource/aside')).toBe(1)
  })
})
