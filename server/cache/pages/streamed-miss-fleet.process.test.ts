import http from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../../test/fleet.ts'
import { createGate, type Gate, holdingPath } from '../../../test/gate.ts'
import type { TestSite } from '../../../test/harness.ts'

const HOST = 'res.localhost'
const HOT_KEY = `ts:{${HOST}}:html:zh:http://${HOST}/res/hot`
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const HEADERS = { host: HOST, cookie: 'lang=zh', 'user-agent': BROWSER }
const PENDING = /<!--\$\?-->|<template id="B:|<div hidden id="S:|\$RC\(/

const fleet = useFleet()

/** An instance on a real socket sharing the test Redis, the resource aside held behind `gate`. */
function instance(gate: Gate): Promise<TestSite> {
  return fleet.start({
    listen: true,
    htmlCache: {},
    upstream: holdingPath('/v1/resource/aside', gate),
  })
}

/** A GET over the socket: its first chunk, whether the gate was open then, and the whole body. */
function streamed(site: TestSite, gate: Gate): Promise<{ first: string; gateOpenAtFirst: boolean; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${site.url}/res/hot`, { headers: HEADERS }, (response) => {
        let first: string | null = null
        let gateOpenAtFirst = false
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (text: string) => {
          body += text
          if (first !== null) return
          first = text
          gateOpenAtFirst = gate.isOpen
          gate.open()
        })
        response.on('end', () => resolve({ first: first ?? '', gateOpenAtFirst, body }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

function totalCalls(site: TestSite): number {
  return [...site.upstreamCalls.values()].reduce((sum, calls) => sum + calls, 0)
}

function asideOf(html: string): string {
  return /<aside class="res-aside"[^>]*>.*?<\/aside>/s.exec(html)?.[0] ?? ''
}

describe('a streamed miss in a fleet', () => {
  it('is kept complete in Redis: another instance answers the whole page from it, rendering nothing', async () => {
    const gate = createGate()
    const [a, b] = [await instance(gate), await instance(gate)]
    const miss = await streamed(a, gate)
    expect(miss.gateOpenAtFirst).toBe(false)
    expect(miss.first).toContain('<div id="root">')
    expect(miss.first).toContain('res-aside__loading')
    expect(miss.body).toMatch(PENDING)
    await vi.waitFor(() => expect(a.htmlCache?.inFlight).toBe(0))
    await vi.waitFor(async () => expect(await fleet.admin.exists(HOT_KEY)).toBe(1))
    expect(a.upstreamCalls.get('/v1/resource/aside')).toBe(1)

    // The other instance has no copy of its own: the app reads Redis's. Then it holds one, which its
    // hit writer answers before the app, and the app answers too.
    const fromRedis = await b.request('/res/hot', { headers: HEADERS, via: 'listener' })
    expect(b.htmlCache?.size).toBe(1)
    const beforeApp = await b.request('/res/hot', { headers: HEADERS, via: 'listener' })
    const inApp = await b.request('/res/hot', { headers: HEADERS })
    for (const answer of [fromRedis, beforeApp, inApp]) {
      expect(answer.status).toBe(200)
      const html = await answer.text()
      expect(html).not.toMatch(PENDING)
      expect(asideOf(html)).toMatch(/^<aside class="res-aside"[^>]*><!--\$--><section class="res-aside__block/)
      expect(html).toMatch(/<\/html>$/)
    }
    // Nothing was rendered there: not even a site config was asked of the upstream.
    expect(totalCalls(b)).toBe(0)
  })
})
