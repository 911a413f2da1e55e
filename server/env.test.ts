import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.ts'

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const result = parseEnv({})
    expect(result).toEqual({
      ok: true,
      env: {
        PORT: 3000,
        HOST: '0.0.0.0',
        API_BASE_URL: undefined,
        CONFIG_TTL_MS: 60000,
        CONFIG_STALE_MS: 600000,
        CONFIG_CACHE_MAX: 5000,
        CONFIG_CACHE_MAX_BYTES: 16 * 1024 * 1024,
        NEGATIVE_TTL_MS: 10000,
        PAGE_TTL_MS: 30000,
        UPSTREAM_TIMEOUT_MS: 5000,
        RENDER_TIMEOUT_MS: 5000,
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
        DEMO_API: false,
        SHUTDOWN_DELAY_MS: 5000,
        SHUTDOWN_TIMEOUT_MS: 25000,
        KEEP_ALIVE_TIMEOUT_MS: 65000,
        HEADERS_TIMEOUT_MS: 66000,
        REQUEST_TIMEOUT_MS: 300000,
        METRICS_TOKEN: undefined,
        HTML_S_MAXAGE: 10,
        TRUST_PROXY: 0,
        TRUST_FORWARDED_HOST: false,
        SERVER_TIMING: false,
        HSTS: false,
        BODY_LIMIT_BYTES: 1048576,
        RATE_LIMIT_SEND_CODE: { perAddress: 10, perEmail: 5, seconds: 3600 },
        RATE_LIMIT_LOGIN: { perAddress: 20, perEmail: 10, seconds: 900 },
        RATE_LIMIT_CODE_CHECK: { perAddress: 20, perEmail: 10, seconds: 3600 },
        REDIS_URL: undefined,
        REDIS_KEY_PREFIX: 'ts:',
        REDIS_PURGE_REPLICAS: 0,
        REDIS_ADMIT_AFTER: 2,
        REDIS_ADMIT_GAP_MS: undefined,
        PURGE_TOKEN: undefined,
        PURGE_GAP: 'stale',
        HTML_CACHE_TTL_MS: 10000,
        HTML_CACHE_STALE_MS: 3600000,
        HTML_CACHE_MAX_BYTES: 32 * 1024 * 1024,
        CANONICAL_SCHEME: 'https',
        IMAGE_OPTIMIZER: true,
        IMAGE_ALLOWED_ORIGINS: [],
        IMAGE_TIMEOUT_MS: 5000,
        IMAGE_MAX_SOURCE_BYTES: 15 * 1024 * 1024,
        IMAGE_CACHE_MAX_BYTES: 128 * 1024 * 1024,
        IMAGE_CACHE_DIR: undefined,
        IMAGE_CACHE_DIR_MAX_BYTES: 1024 * 1024 * 1024,
        IMAGE_AVIF: true,
        IMAGE_FETCH_PER_ORIGIN: 4,
        IMAGE_FETCH_PER_ORIGIN_QUEUE: 32,
        IMAGE_FETCH_CONCURRENCY: 16,
        IMAGE_FETCH_QUEUE: 64,
        IMAGE_ENCODE_CONCURRENCY: 4,
        IMAGE_ENCODE_QUEUE: 32,
        CDN_PURGE_TIMEOUT_MS: 10000,
        CDN_PURGE_MAX_CALLS: 32,
        CDN_PURGE_CALLS_PER_MINUTE: 60,
        VARNISH_PURGE_URLS: [],
        CLOUDFLARE_API_URL: 'https://api.cloudflare.com/client/v4',
        FASTLY_API_URL: 'https://api.fastly.com',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_SERVICE_NAME: 'tenant-sites',
        OTEL_TRACES_SAMPLER: 'parentbased_always_on',
        OTEL_RESOURCE_ATTRIBUTES: {},
      },
    })
  })

  it('reads every variable', () => {
    const result = parseEnv({
      PORT: '8080',
      HOST: '127.0.0.1',
      API_BASE_URL: 'https://api.example.com/base',
      CONFIG_TTL_MS: '1',
      CONFIG_STALE_MS: '2',
      CONFIG_CACHE_MAX: '3',
      NEGATIVE_TTL_MS: '4',
      PAGE_TTL_MS: '5',
      UPSTREAM_TIMEOUT_MS: '6',
      RENDER_TIMEOUT_MS: '7',
      LOG_LEVEL: 'debug',
    })
    expect(result.ok && result.env).toMatchObject({
      PORT: 8080,
      API_BASE_URL: 'https://api.example.com/base',
      RENDER_TIMEOUT_MS: 7,
      LOG_LEVEL: 'debug',
    })
  })

  it('reports every invalid variable at once', () => {
    const result = parseEnv({
      PORT: 'eighty',
      API_BASE_URL: 'ftp://x',
      CONFIG_TTL_MS: '-5',
      LOG_LEVEL: 'loud',
      UPSTREAM_TIMEOUT_MS: '0',
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    const names = result.errors.map((error) => error.split(':')[0])
    expect(names.sort()).toEqual(['API_BASE_URL', 'CONFIG_TTL_MS', 'LOG_LEVEL', 'PORT', 'UPSTREAM_TIMEOUT_MS'])
  })

  it('reads the CDN purge bounds, and reports both when bad', () => {
    const read = parseEnv({ CDN_PURGE_MAX_CALLS: '3', CDN_PURGE_CALLS_PER_MINUTE: '300' })
    expect(read.ok && read.env).toMatchObject({ CDN_PURGE_MAX_CALLS: 3, CDN_PURGE_CALLS_PER_MINUTE: 300 })
    const bad = parseEnv({ CDN_PURGE_MAX_CALLS: '0', CDN_PURGE_CALLS_PER_MINUTE: 'fast' })
    expect(bad.ok).toBe(false)
    if (bad.ok) return
    expect(bad.errors.map((error) => error.split(':')[0]).sort()).toEqual([
      'CDN_PURGE_CALLS_PER_MINUTE',
      'CDN_PURGE_MAX_CALLS',
    ])
  })

  it('reads the sign-in limits, and reports every malformed one together', () => {
    const result = parseEnv({ RATE_LIMIT_SEND_CODE: ' 3/0/60 ', RATE_LIMIT_LOGIN: '0/0/1' })
    expect(result.ok && result.env).toMatchObject({
      RATE_LIMIT_SEND_CODE: { perAddress: 3, perEmail: 0, seconds: 60 },
      RATE_LIMIT_LOGIN: { perAddress: 0, perEmail: 0, seconds: 1 },
    })
    const bad = parseEnv({ RATE_LIMIT_SEND_CODE: '10/5', RATE_LIMIT_LOGIN: '1/1/0', RATE_LIMIT_CODE_CHECK: '-1/2/60' })
    expect(!bad.ok && bad.errors.map((error) => error.split(':')[0]).sort()).toEqual([
      'RATE_LIMIT_CODE_CHECK',
      'RATE_LIMIT_LOGIN',
      'RATE_LIMIT_SEND_CODE',
    ])
  })

  it('reads the image optimiser settings', () => {
    const result = parseEnv({
      IMAGE_OPTIMIZER: '0',
      IMAGE_ALLOWED_ORIGINS: ' https://cdn.example.com/ , http://10.0.0.5:9000',
      IMAGE_TIMEOUT_MS: '2500',
      IMAGE_MAX_SOURCE_BYTES: '2048',
      IMAGE_CACHE_MAX_BYTES: '0',
      IMAGE_CACHE_DIR: '/var/cache/img',
      IMAGE_CACHE_DIR_MAX_BYTES: '1048576',
      IMAGE_AVIF: '0',
      IMAGE_FETCH_PER_ORIGIN: '2',
      IMAGE_FETCH_PER_ORIGIN_QUEUE: '0',
      IMAGE_FETCH_CONCURRENCY: '8',
      IMAGE_FETCH_QUEUE: '100',
      IMAGE_ENCODE_CONCURRENCY: '2',
      IMAGE_ENCODE_QUEUE: '10',
    })
    expect(result.ok && result.env).toMatchObject({
      IMAGE_OPTIMIZER: false,
      IMAGE_ALLOWED_ORIGINS: ['https://cdn.example.com', 'http://10.0.0.5:9000'],
      IMAGE_TIMEOUT_MS: 2500,
      IMAGE_MAX_SOURCE_BYTES: 2048,
      IMAGE_CACHE_MAX_BYTES: 0,
      IMAGE_CACHE_DIR: '/var/cache/img',
      IMAGE_CACHE_DIR_MAX_BYTES: 1048576,
      IMAGE_AVIF: false,
      IMAGE_FETCH_PER_ORIGIN: 2,
      IMAGE_FETCH_PER_ORIGIN_QUEUE: 0,
      IMAGE_FETCH_CONCURRENCY: 8,
      IMAGE_FETCH_QUEUE: 100,
      IMAGE_ENCODE_CONCURRENCY: 2,
      IMAGE_ENCODE_QUEUE: 10,
    })
  })

  it('reports every bad image limit together', () => {
    const result = parseEnv({
      IMAGE_FETCH_PER_ORIGIN: '0',
      IMAGE_FETCH_PER_ORIGIN_QUEUE: '-1',
      IMAGE_FETCH_CONCURRENCY: 'many',
      IMAGE_FETCH_QUEUE: '1e3',
      IMAGE_ENCODE_CONCURRENCY: '1000',
      IMAGE_ENCODE_QUEUE: '200000',
      IMAGE_CACHE_DIR_MAX_BYTES: '1000',
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.map((error) => error.split(':')[0]).sort()).toEqual([
      'IMAGE_CACHE_DIR_MAX_BYTES',
      'IMAGE_ENCODE_CONCURRENCY',
      'IMAGE_ENCODE_QUEUE',
      'IMAGE_FETCH_CONCURRENCY',
      'IMAGE_FETCH_PER_ORIGIN',
      'IMAGE_FETCH_PER_ORIGIN_QUEUE',
      'IMAGE_FETCH_QUEUE',
    ])
  })

  it('refuses image origins with a path, another scheme or credentials, and flags that are not 0, 1, true or false', () => {
    const result = parseEnv({
      IMAGE_ALLOWED_ORIGINS:
        'https://ok.example.com,https://cdn.example.com/images,ftp://x.example.com,https://u:p@x.example.com',
      IMAGE_OPTIMIZER: 'yes',
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.filter((error) => error.startsWith('IMAGE_ALLOWED_ORIGINS'))).toHaveLength(3)
    expect(result.errors.some((error) => error.startsWith('IMAGE_OPTIMIZER'))).toBe(true)
  })

  it.each([
    [{ HTML_CACHE_STALE_MS: '60000' }, { HTML_CACHE_STALE_MS: 60_000 }],
    [{ HTML_CACHE_STALE_MS: '0' }, { HTML_CACHE_STALE_MS: 0 }],
    [{ HTML_CACHE_TTL_MS: '0' }, { HTML_CACHE_TTL_MS: 0, HTML_CACHE_STALE_MS: 3_600_000 }],
    [
      { HTML_CACHE_TTL_MS: '0', HTML_CACHE_STALE_MS: '0' },
      { HTML_CACHE_TTL_MS: 0, HTML_CACHE_STALE_MS: 0 },
    ],
  ])('reads the HTML stale window %j', (raw, expected) => {
    const result = parseEnv(raw)
    expect(result.ok && result.env).toMatchObject(expected)
  })

  it.each([
    [{ HTML_CACHE_STALE_MS: 'an hour' }, 'HTML_CACHE_STALE_MS: must be a whole number'],
    [{ HTML_CACHE_STALE_MS: '604800001' }, 'HTML_CACHE_STALE_MS: must be at most 604800000'],
    [
      { HTML_CACHE_TTL_MS: '0', HTML_CACHE_STALE_MS: '5000' },
      'HTML_CACHE_STALE_MS: needs HTML_CACHE_TTL_MS above 0 (the HTML cache is off)',
    ],
  ])('refuses the HTML stale window %j', (raw, error) => {
    const result = parseEnv(raw)
    expect(result.ok ? [] : result.errors).toEqual([error])
  })

  it('treats an empty API_BASE_URL as unset (demo API)', () => {
    const result = parseEnv({ API_BASE_URL: '' })
    expect(result.ok && result.env.API_BASE_URL).toBeUndefined()
  })

  it('reads the Redis URL, the purge token and the HTML cache bounds', () => {
    const result = parseEnv({
      REDIS_URL: 'redis://10.0.0.5:6379/2',
      PURGE_TOKEN: 's3cret-token-0123456789',
      HTML_CACHE_TTL_MS: '0',
      HTML_CACHE_MAX_BYTES: '1048576',
    })
    expect(result.ok && result.env).toMatchObject({
      REDIS_URL: 'redis://10.0.0.5:6379/2',
      PURGE_TOKEN: 's3cret-token-0123456789',
      HTML_CACHE_TTL_MS: 0,
      HTML_CACHE_MAX_BYTES: 1048576,
    })
  })

  it.each([
    [{}, 'stale'],
    [{ PURGE_GAP: 'stale' }, 'stale'],
    [{ PURGE_GAP: 'drop' }, 'drop'],
  ])('reads what a gap in the purge stream does, %j', (raw, expected) => {
    const result = parseEnv(raw)
    expect(result.ok && result.env.PURGE_GAP).toBe(expected)
  })

  it('refuses a gap behaviour other than stale or drop', () => {
    const result = parseEnv({ PURGE_GAP: 'ignore' })
    expect(result.ok ? [] : result.errors).toEqual(['PURGE_GAP: must be stale or drop'])
  })

  it('refuses a non-Redis URL and a short purge token', () => {
    const result = parseEnv({ REDIS_URL: 'http://cache:6379', PURGE_TOKEN: 'short' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.map((error) => error.split(':')[0]).sort()).toEqual(['PURGE_TOKEN', 'REDIS_URL'])
  })

  it('refuses production without an upstream unless the demo API is asked for', () => {
    const refused = parseEnv({ NODE_ENV: 'production' })
    expect(refused.ok).toBe(false)
    expect(!refused.ok && refused.errors.join('\n')).toMatch(/API_BASE_URL: must be set when NODE_ENV=production/)
    expect(parseEnv({ NODE_ENV: 'production', DEMO_API: '1' }).ok).toBe(true)
    expect(parseEnv({ NODE_ENV: 'production', API_BASE_URL: 'http://api.internal' }).ok).toBe(true)
  })

  it('reads the operations variables and checks how the timeouts relate', () => {
    const result = parseEnv({
      SHUTDOWN_DELAY_MS: '100',
      SHUTDOWN_TIMEOUT_MS: '2000',
      KEEP_ALIVE_TIMEOUT_MS: '1000',
      HEADERS_TIMEOUT_MS: '1500',
      REQUEST_TIMEOUT_MS: '0',
      METRICS_TOKEN: 'a-long-enough-token',
      HTML_S_MAXAGE: '30',
      TRUST_PROXY: '1',
      HSTS: 'true',
    })
    expect(result.ok && result.env).toMatchObject({
      SHUTDOWN_DELAY_MS: 100,
      KEEP_ALIVE_TIMEOUT_MS: 1000,
      REQUEST_TIMEOUT_MS: 0,
      TRUST_PROXY: 1,
      HSTS: true,
    })
    const bad = parseEnv({
      KEEP_ALIVE_TIMEOUT_MS: '70000',
      SHUTDOWN_DELAY_MS: '30000',
      REQUEST_TIMEOUT_MS: '1000',
      METRICS_TOKEN: 'short',
      HSTS: 'yes',
    })
    expect(!bad.ok && bad.errors.map((error) => error.split(':')[0]).sort()).toEqual(['HSTS', 'METRICS_TOKEN'])
    const crossed = parseEnv({ KEEP_ALIVE_TIMEOUT_MS: '70000', SHUTDOWN_DELAY_MS: '30000', REQUEST_TIMEOUT_MS: '1000' })
    expect(!crossed.ok && crossed.errors.map((error) => error.split(':')[0]).sort()).toEqual([
      'HEADERS_TIMEOUT_MS',
      'HEADERS_TIMEOUT_MS',
      'SHUTDOWN_DELAY_MS',
    ])
  })

  it('reads the trusted proxy hops, and the forwarded host only behind one', () => {
    expect(parseEnv({ TRUST_PROXY: '2', TRUST_FORWARDED_HOST: '1' })).toMatchObject({
      ok: true,
      env: { TRUST_PROXY: 2, TRUST_FORWARDED_HOST: true },
    })
    expect(parseEnv({ TRUST_PROXY: '10' })).toMatchObject({ ok: true, env: { TRUST_PROXY: 10 } })
    const bad = parseEnv({ TRUST_PROXY: '11', TRUST_FORWARDED_HOST: 'yes', HSTS: 'no' })
    expect(!bad.ok && bad.errors.map((error) => error.split(':')[0]).sort()).toEqual([
      'HSTS',
      'TRUST_FORWARDED_HOST',
      'TRUST_PROXY',
    ])
    for (const value of ['true', '-1', '1.5'])
      expect(parseEnv({ TRUST_PROXY: value })).toMatchObject({
        ok: false,
        errors: [expect.stringMatching(/^TRUST_PROXY: /)],
      })
    expect(parseEnv({ TRUST_FORWARDED_HOST: '1' })).toEqual({
      ok: false,
      errors: ['TRUST_FORWARDED_HOST: needs TRUST_PROXY of 1 or more (the proxy that reports the host)'],
    })
  })
})
