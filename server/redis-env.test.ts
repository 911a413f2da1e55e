import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.ts'
import { redisTargetOf } from './redis-env.ts'

const errorsOf = (raw: Record<string, string>) => {
  const result = parseEnv(raw)
  return result.ok ? [] : result.errors
}

describe('the Redis variables', () => {
  it('read Sentinels with their primary’s name and passwords, and a Cluster’s nodes', () => {
    const sentinel = parseEnv({
      REDIS_SENTINELS: ' 10.0.0.5:26379, sentinel-2.internal:26380,[::1]:26381 ',
      REDIS_SENTINEL_NAME: 'primary-1',
      REDIS_SENTINEL_PASSWORD: 's3cret!',
      REDIS_PASSWORD: 'data-pass',
      REDIS_KEY_PREFIX: 'blue:',
    })
    expect(sentinel.ok && redisTargetOf(sentinel.env)).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: '10.0.0.5', port: 26379 },
        { host: 'sentinel-2.internal', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      name: 'primary-1',
      sentinelPassword: 's3cret!',
      password: 'data-pass',
    })
    expect(sentinel.ok && sentinel.env.REDIS_KEY_PREFIX).toBe('blue:')
    const cluster = parseEnv({ REDIS_CLUSTER_NODES: '10.0.0.5:6379,10.0.0.6:6379' })
    expect(cluster.ok && redisTargetOf(cluster.env)).toEqual({
      kind: 'cluster',
      nodes: [
        { host: '10.0.0.5', port: 6379 },
        { host: '10.0.0.6', port: 6379 },
      ],
    })
    const single = parseEnv({ REDIS_URL: 'redis://cache:6379' })
    expect(single.ok && redisTargetOf(single.env)).toEqual({ kind: 'single', url: 'redis://cache:6379' })
    expect(single.ok && single.env.REDIS_KEY_PREFIX).toBe('ts:')
  })

  it.each([
    [{ REDIS_SENTINELS: 'cache', REDIS_SENTINEL_NAME: 'p' }, 'REDIS_SENTINELS: "cache" is not host:port'],
    [{ REDIS_SENTINELS: 'a:0,b:70000,c:-1', REDIS_SENTINEL_NAME: 'p' }, 'REDIS_SENTINELS: "a:0" is not host:port'],
    [{ REDIS_CLUSTER_NODES: 'evil host:6379' }, 'REDIS_CLUSTER_NODES: "evil host:6379" is not host:port'],
    [{ REDIS_CLUSTER_NODES: 'a_b:1\r\nX:1' }, 'REDIS_CLUSTER_NODES:'],
    [{ REDIS_CLUSTER_NODES: ' , ' }, 'REDIS_CLUSTER_NODES: must list 1 to 32'],
    [{ REDIS_CLUSTER_NODES: Array.from({ length: 33 }, (_, i) => `n${i}:6379`).join(',') }, 'must list 1 to 32'],
    [{ REDIS_SENTINELS: 'a:1' }, 'REDIS_SENTINELS, REDIS_SENTINEL_NAME: set both or neither'],
    [{ REDIS_SENTINELS: 'a:1', REDIS_SENTINEL_NAME: 'bad name' }, 'REDIS_SENTINEL_NAME: must be'],
    [{ REDIS_SENTINEL_PASSWORD: 'x' }, 'REDIS_SENTINEL_PASSWORD: needs REDIS_SENTINELS'],
    [{ REDIS_URL: 'redis://a:1', REDIS_PASSWORD: 'x' }, 'REDIS_PASSWORD: needs REDIS_SENTINELS or REDIS_CLUSTER_NODES'],
    [{ REDIS_CLUSTER_NODES: 'a:1', REDIS_PURGE_REPLICAS: '1' }, 'REDIS_PURGE_REPLICAS: not with REDIS_CLUSTER_NODES'],
    [{ REDIS_URL: 'redis://a:1', REDIS_CLUSTER_NODES: 'a:1' }, 'REDIS_URL, REDIS_CLUSTER_NODES: set only one'],
    [{ REDIS_CLUSTER_NODES: 'a:1', REDIS_PASSWORD: 'two words' }, 'REDIS_PASSWORD: must be printable ASCII'],
    [{ REDIS_KEY_PREFIX: '{blue}:' }, 'REDIS_KEY_PREFIX: must be 1 to 64'],
    [{ REDIS_KEY_PREFIX: 'ts:*' }, 'REDIS_KEY_PREFIX: must be 1 to 64'],
  ])('refuses %j at start: %s', (raw, message) => {
    const errors = errorsOf(raw)
    expect(errors.join('\n')).toContain(message)
  })

  it('never repeats a password in its error', () => {
    const errors = errorsOf({ REDIS_CLUSTER_NODES: 'a:1', REDIS_PASSWORD: 'top secret value' })
    expect(errors.join('\n')).not.toContain('secret')
  })
})
