import { describe, expect, it } from 'vitest'
import { parseEnv } from '../env.ts'
import { cdnTargetsFromEnv } from './cdn-from-env.ts'

const ZONE = '023e105f4ecef8ad9ca31a8372d0c353'
const TOKEN = 'Yq7-secret-token_value.0123456789'

function parsed(raw: Record<string, string>) {
  const result = parseEnv(raw)
  if (!result.ok) throw new Error(result.errors.join('; '))
  return result.env
}

describe('the CDNs configured by the environment', () => {
  it('none by default', () => {
    expect(cdnTargetsFromEnv(parsed({}))).toEqual([])
  })

  it('each CDN whose variables are set, in a fixed order', () => {
    const env = parsed({
      VARNISH_PURGE_URLS: ' http://varnish-1:6081 , http://varnish-2:6081/',
      CLOUDFLARE_ZONE_ID: ZONE,
      CLOUDFLARE_API_TOKEN: TOKEN,
      FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY',
      FASTLY_API_TOKEN: TOKEN,
      CDN_PURGE_TIMEOUT_MS: '2500',
    })
    expect(env.VARNISH_PURGE_URLS).toEqual(['http://varnish-1:6081', 'http://varnish-2:6081'])
    expect(env.CDN_PURGE_TIMEOUT_MS).toBe(2500)
    expect(cdnTargetsFromEnv(env).map((target) => target.name)).toEqual(['varnish', 'cloudflare', 'fastly'])
    const varnish = cdnTargetsFromEnv(env)[0]?.requestsFor({ kind: 'keys', mode: 'soft', keys: ['a.example'] })
    expect(varnish?.map((request) => request.origin)).toEqual(['http://varnish-1:6081', 'http://varnish-2:6081'])
  })

  it('the API base URLs default to the CDNs’ own and may be pointed elsewhere (a path kept)', () => {
    const env = parsed({
      CLOUDFLARE_ZONE_ID: ZONE,
      CLOUDFLARE_API_TOKEN: TOKEN,
      CLOUDFLARE_API_URL: 'http://127.0.0.1:9000/cf/v4/',
    })
    const [cloudflare] = cdnTargetsFromEnv(env)
    const [call] = cloudflare?.requestsFor({ kind: 'all', mode: 'soft' }) ?? []
    expect([call?.origin, call?.path]).toEqual(['http://127.0.0.1:9000', `/cf/v4/zones/${ZONE}/purge_cache`])
    expect(parsed({}).FASTLY_API_URL).toBe('https://api.fastly.com')
  })

  it('reports every bad variable together, never repeating a token', () => {
    const result = parseEnv({
      VARNISH_PURGE_URLS: 'varnish:6081,http://ok:1,ftp://x',
      CLOUDFLARE_ZONE_ID: 'not-a-zone',
      CLOUDFLARE_API_TOKEN: `with space ${TOKEN}`,
      CLOUDFLARE_API_URL: 'https://user:pass@api.example',
      FASTLY_SERVICE_ID: 'bad id!',
      FASTLY_API_URL: 'not a url',
      CDN_PURGE_TIMEOUT_MS: '5',
    })
    expect(result.ok).toBe(false)
    const errors = result.ok ? [] : result.errors
    expect(errors.map((error) => error.split(':')[0]).sort()).toEqual([
      'CDN_PURGE_TIMEOUT_MS',
      'CLOUDFLARE_API_TOKEN',
      'CLOUDFLARE_API_URL',
      'CLOUDFLARE_ZONE_ID',
      'FASTLY_API_URL',
      'FASTLY_SERVICE_ID',
      'VARNISH_PURGE_URLS',
      'VARNISH_PURGE_URLS',
    ])
    expect(errors.join('\n')).not.toContain(TOKEN)
  })

  it.each([
    [{ CLOUDFLARE_ZONE_ID: ZONE }, 'CLOUDFLARE_ZONE_ID, CLOUDFLARE_API_TOKEN: set both or neither'],
    [{ CLOUDFLARE_API_TOKEN: TOKEN }, 'CLOUDFLARE_ZONE_ID, CLOUDFLARE_API_TOKEN: set both or neither'],
    [{ FASTLY_API_TOKEN: TOKEN }, 'FASTLY_SERVICE_ID, FASTLY_API_TOKEN: set both or neither'],
  ])('an account without its credential, or the other way round, is refused: %o', (raw, error) => {
    expect(parseEnv(raw)).toEqual({ ok: false, errors: [error] })
  })
})
