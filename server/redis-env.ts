import { z } from 'zod'
import type { RedisNode, RedisTarget } from './cache/redis/redis-connection.ts'

/** At most this many Sentinels or Cluster seeds: a longer list is a mistake, not a topology. */
const MAX_NODES = 32

const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/
const IPV6 = /^\[[0-9A-Fa-f:.]{2,45}\]$/

/** `host:port` (a name, an IPv4 address or `[IPv6]`), or null. */
function parseRedisNode(text: string): RedisNode | null {
  const colon = text.lastIndexOf(':')
  if (colon <= 0) return null
  const host = text.slice(0, colon)
  const portText = text.slice(colon + 1)
  if (!/^\d{1,5}$/.test(portText)) return null
  const port = Number(portText)
  if (port < 1 || port > 65535) return null
  if (IPV6.test(host)) return { host: host.slice(1, -1), port }
  return HOST_NAME.test(host) ? { host, port } : null
}

/** A comma-separated list of `host:port`; each item that is not one is reported (REDIS_SENTINELS, REDIS_CLUSTER_NODES). */
export const redisNodeList = z
  .string()
  .transform((value, context) => {
    const items = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    if (items.length === 0 || items.length > MAX_NODES) {
      context.addIssue({ code: 'custom', message: `must list 1 to ${MAX_NODES} host:port items, comma-separated` })
      return []
    }
    const nodes: RedisNode[] = []
    for (const item of items) {
      const node = parseRedisNode(item)
      if (node === null)
        context.addIssue({
          code: 'custom',
          message: `${JSON.stringify(item.slice(0, 80))} is not host:port (such as 10.0.0.5:26379)`,
        })
      else nodes.push(node)
    }
    return nodes
  })
  .optional()

/** The name Sentinels monitor the primary under (`sentinel monitor <name> …`). */
export const redisSentinelName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be the monitored primary’s name (letters, digits, . _ -)')
  .optional()

/** A password: printable ASCII without spaces. Its value is never repeated in an error. */
export const redisSecret = z
  .string()
  .regex(/^[\x21-\x7e]{1,512}$/, 'must be printable ASCII without spaces')
  .optional()

/**
 * What every key, script key, stream and channel of the fleet starts with. No braces: a brace would
 * move the Cluster hash tag (cache-keys.ts `sharedKey`); no glob or space characters either.
 */
export const redisKeyPrefix = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits or _ . : - (no braces)')
  .default('ts:')

interface RedisEnv {
  REDIS_URL?: string | undefined
  REDIS_SENTINELS?: RedisNode[] | undefined
  REDIS_SENTINEL_NAME?: string | undefined
  REDIS_SENTINEL_PASSWORD?: string | undefined
  REDIS_CLUSTER_NODES?: RedisNode[] | undefined
  REDIS_PASSWORD?: string | undefined
  REDIS_PURGE_REPLICAS?: number | undefined
}

/** The Redis variables that go together: one way to reach Redis, and each setting beside the one it belongs to. */
export function redisCrossChecks(env: RedisEnv): string[] {
  const errors: string[] = []
  const ways = (['REDIS_URL', 'REDIS_SENTINELS', 'REDIS_CLUSTER_NODES'] as const).filter(
    (name) => env[name] !== undefined,
  )
  if (ways.length > 1) errors.push(`${ways.join(', ')}: set only one (one server, Sentinels or a Cluster)`)
  if ((env.REDIS_SENTINELS === undefined) !== (env.REDIS_SENTINEL_NAME === undefined))
    errors.push('REDIS_SENTINELS, REDIS_SENTINEL_NAME: set both or neither')
  if (env.REDIS_SENTINEL_PASSWORD !== undefined && env.REDIS_SENTINELS === undefined)
    errors.push('REDIS_SENTINEL_PASSWORD: needs REDIS_SENTINELS')
  if (env.REDIS_PASSWORD !== undefined && env.REDIS_SENTINELS === undefined && env.REDIS_CLUSTER_NODES === undefined)
    errors.push(
      'REDIS_PASSWORD: needs REDIS_SENTINELS or REDIS_CLUSTER_NODES (with REDIS_URL, the password is in the URL)',
    )
  // A Cluster keeps a purge's records and its stream entry on different shards, while WAIT counts
  // the replicas of one connection's node only.
  if ((env.REDIS_PURGE_REPLICAS ?? 0) > 0 && env.REDIS_CLUSTER_NODES !== undefined)
    errors.push(
      'REDIS_PURGE_REPLICAS: not with REDIS_CLUSTER_NODES (a purge spans shards); use it with REDIS_URL or REDIS_SENTINELS',
    )
  return errors
}

/** Where the shared cache's Redis is, or undefined when the instance shares nothing. */
export function redisTargetOf(env: RedisEnv): RedisTarget | undefined {
  const password = env.REDIS_PASSWORD !== undefined ? { password: env.REDIS_PASSWORD } : {}
  if (env.REDIS_SENTINELS !== undefined && env.REDIS_SENTINEL_NAME !== undefined)
    return {
      kind: 'sentinel',
      sentinels: env.REDIS_SENTINELS,
      name: env.REDIS_SENTINEL_NAME,
      ...(env.REDIS_SENTINEL_PASSWORD !== undefined ? { sentinelPassword: env.REDIS_SENTINEL_PASSWORD } : {}),
      ...password,
    }
  if (env.REDIS_CLUSTER_NODES !== undefined) return { kind: 'cluster', nodes: env.REDIS_CLUSTER_NODES, ...password }
  return env.REDIS_URL === undefined ? undefined : { kind: 'single', url: env.REDIS_URL }
}
