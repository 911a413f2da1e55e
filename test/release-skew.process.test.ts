import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import type { Redis } from 'ioredis'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { decodeSharedPage } from '../server/cache/pages/shared-page-codec.ts'
import { sharedAssetIndexKey, sharedAssetKey, sharedKey } from '../server/cache/cache-keys.ts'
import { buildIdOf } from '../server/render/manifest.ts'
import { type Release, type ReleaseFleet, startReleaseFleet } from './releases.ts'
import type { ServerProcess } from './server-process.ts'

// Two releases of the sources (every script and stylesheet named differently) side by side on one
// redis-server, as during a rolling deploy: whichever instance answers a page, and whichever build
// rendered it, every address it names answers from every instance.

const HOST = 'res.localhost'
const TOKEN = 'purge-token-for-tests-0123'
const ZH = { host: HOST, cookie: 'lang=zh' }
/** Asked first of one release, then of the other (which may answer the first one's page from Redis). */
const ORDERS: [string, number, number][] = [
  ['/res/hot', 0, 1],
  ['/res/new', 1, 0],
  ['/c/about', 0, 1],
  ['/', 1, 0],
]

let fleet: ReleaseFleet
let releases: Release[]
let instances: ServerProcess[]
let admin: Redis

const url = (instance: ServerProcess, at: string) => `http://127.0.0.1:${instance.port}${at}`

/** Every /assets/ address a page names: scripts, module preloads and stylesheets. */
function namedAssets(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? ''))]
}

async function commandCalls(command: string): Promise<number> {
  const stats = await admin.info('commandstats')
  return Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(stats)?.[1] ?? 0)
}

beforeAll(async () => {
  fleet = await startReleaseFleet(['blue', 'green'], { PURGE_TOKEN: TOKEN })
  ;({ releases, instances, admin } = fleet)
}, 180_000)

afterAll(() => fleet?.close())

describe('two releases side by side on one Redis', () => {
  it('every script and stylesheet any answer names returns 200 from every instance, pages asked in either order', async () => {
    const [blue, green] = releases as [Release, Release]
    expect(blue.assets.filter((name) => green.assets.includes(name))).toEqual([])
    const named = new Set<string>()
    const crossed: string[] = []
    const sharedPages = async () => (await admin.keys(`${sharedKey('ts:', 'res.localhost:html')}:*`)).length
    for (const [at, first, second] of ORDERS) {
      const held = await sharedPages()
      for (const which of [first, second]) {
        // The second asks once the first's page is in Redis: on a busy machine the write may land
        // after the second has rendered and written the page itself, in its own build's name.
        if (which === second)
          await vi.waitFor(async () => expect(await sharedPages()).toBeGreaterThan(held), { timeout: 10_000 })
        const instance = instances[which] as ServerProcess
        const answer = await request(url(instance, at), { headers: ZH })
        const html = await answer.body.text()
        expect(answer.statusCode).toBe(200)
        const assets = namedAssets(html)
        expect(assets.length).toBeGreaterThan(0)
        for (const asset of assets) named.add(asset)
        // A page the other release rendered, answered from Redis by this one.
        const other = releases[1 - which] as Release
        if (assets.some((asset) => other.assets.includes(path.basename(asset)))) crossed.push(`${at} on ${which}`)
      }
    }
    expect(crossed.length).toBeGreaterThan(0)
    const failures: string[] = []
    for (const asset of named)
      for (const [which, instance] of instances.entries()) {
        const answer = await request(url(instance, asset), { headers: { host: HOST } })
        await answer.body.dump()
        if (answer.statusCode !== 200) failures.push(`${asset} from instance ${which}: ${answer.statusCode}`)
      }
    expect(failures).toEqual([])
  })

  it('answers every file of the other release as that release wrote it: its type, immutable, compressed as negotiated', async () => {
    for (const [which, release] of releases.entries()) {
      const other = instances[1 - which] as ServerProcess
      for (const name of release.assets) {
        const file = readFileSync(path.join(release.assetsDir, name))
        const plain = await request(url(other, `/assets/${name}`), { headers: { host: HOST } })
        expect(Buffer.from(await plain.body.arrayBuffer()).equals(file)).toBe(true)
        expect(plain.headers['content-type']).toMatch(name.endsWith('.js') ? /^text\/javascript/ : /^text\/css/)
        expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        const br = await request(url(other, `/assets/${name}`), { headers: { host: HOST, 'accept-encoding': 'br' } })
        expect(br.headers['content-encoding']).toBe('br')
        expect(brotliDecompressSync(Buffer.from(await br.body.arrayBuffer())).equals(file)).toBe(true)
      }
    }
  })

  it('records in each shared page the build that rendered it', async () => {
    const builds = releases.map((release) => {
      const entry = release.assets.find((name) => name.startsWith('entry-client-')) ?? ''
      return buildIdOf(entry)
    })
    const keys = await admin.keys(`${sharedKey('ts:', 'res.localhost:html')}:*`)
    expect(keys.length).toBeGreaterThan(0)
    const found = new Set<string>()
    for (const key of keys) {
      // As redis-purge-records.ts writes it: `g<generation>|<length>|<tags>` before the page's base64.
      const stored = (await admin.getBuffer(key))?.toString('latin1') ?? ''
      const head = /^g[^|]*\|(\d+)\|/.exec(stored)
      const base64 = stored.slice((head?.[0].length ?? 0) + Number(head?.[1] ?? 0))
      const record = decodeSharedPage(Buffer.from(base64, 'base64'))
      expect(builds).toContain(record?.build)
      found.add(record?.build ?? '')
    }
    // Both orders were asked: each release wrote some of them.
    expect(found.size).toBe(2)
  })

  it('a purge of everything leaves the published assets: pages kept anywhere still name them', async () => {
    const [blue, green] = instances as [ServerProcess, ServerProcess]
    const published = await admin.zcard(sharedAssetIndexKey('ts:'))
    const purge = await request(url(blue, '/_internal/purge'), {
      method: 'POST',
      headers: { host: HOST, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ all: true, mode: 'hard' }),
    })
    expect(purge.statusCode).toBe(200)
    await purge.body.dump()
    expect(await admin.zcard(sharedAssetIndexKey('ts:'))).toBe(published)
    const name = (releases[0] as Release).assets[0] ?? ''
    expect(await admin.exists(sharedAssetKey('ts:', name))).toBe(1)
    const answer = await request(url(green, `/assets/${name}`), { headers: { host: HOST } })
    await answer.body.dump()
    expect(answer.statusCode).toBe(200)
  })

  it('a name no release published is a 404 a CDN does not keep; made-up names never grow what Redis is asked', async () => {
    const instance = instances[0] as ServerProcess
    const [indexReads, fetches] = [await commandCalls('zrangebyscore'), await commandCalls('hgetall')]
    const started = performance.now()
    const asked = Array.from(
      { length: 300 },
      () => `/assets/chunk-${randomBytes(5).toString('hex').toUpperCase().slice(0, 8)}.js`,
    )
    for (let at = 0; at < asked.length; at += 30)
      await Promise.all(
        asked.slice(at, at + 30).map(async (asset) => {
          const answer = await request(url(instance, asset), { headers: { host: HOST } })
          await answer.body.dump()
          expect(answer.statusCode).toBe(404)
          expect(answer.headers['cache-control']).toBe('no-store')
        }),
      )
    const seconds = (performance.now() - started) / 1000
    // The index is read at most once a second, whatever the traffic; no made-up name is fetched.
    expect((await commandCalls('zrangebyscore')) - indexReads).toBeLessThanOrEqual(Math.ceil(seconds) + 1)
    expect(await commandCalls('hgetall')).toBe(fetches)
  })
})
