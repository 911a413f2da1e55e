import { Cluster, Redis, type RedisOptions } from 'ioredis'

/** A `host:port` of a Sentinel or a Cluster node. */
export interface RedisNode {
  host: string
  port: number
}

/**
 * Where the shared cache's Redis is: one server (REDIS_URL), a primary Sentinel watches and fails
 * over (REDIS_SENTINELS), or a Redis Cluster (REDIS_CLUSTER_NODES).
 */
export type RedisTarget =
  | { kind: 'single'; url: string }
  | { kind: 'sentinel'; sentinels: RedisNode[]; name: string; sentinelPassword?: string; password?: string }
  | { kind: 'cluster'; nodes: RedisNode[]; password?: string }

/** A connection's settings: the command connection's deadline or the subscriber's. */
export interface ConnectionRole {
  /** Commands fail while disconnected and after this deadline (the command connection); none: the subscriber. */
  commandTimeoutMs?: number
}

// Keep trying forever, at most every 2 s: Redis (or a node) coming back is picked up without a restart.
const retry = (times: number) => Math.min(100 * times, 2000)

/** A Sentinel that accepts a connection but does not answer is passed over for the next after this. */
const SENTINEL_COMMAND_TIMEOUT_MS = 1000

/** Connections this process closed on purpose: their end is final. */
const closedHere = new WeakSet<Redis | Cluster>()

/** Closes a connection made by `connectRedis` for good (shutdown). */
export function closeRedis(client: Redis | Cluster): void {
  closedHere.add(client)
  client.disconnect()
}

/**
 * ioredis gives a connection up for good in one case its retry strategy never sees: a failover
 * announced by the Sentinels while the connection is asking them for the primary (its failover
 * detector closes the connector in the middle of the connect, and the connect then fails as
 * "closed"). Every command after that fails at once and the instance would not share through Redis
 * again until restarted. Any end but our own close is followed by a new connect.
 */
function reopenWhenEnded(client: Redis | Cluster): Redis | Cluster {
  client.on('end', () => {
    if (closedHere.has(client)) return
    const timer = setTimeout(() => {
      if (!closedHere.has(client) && client.status === 'end') client.connect().catch(() => {})
    }, retry(1))
    timer.unref()
  })
  return client
}

/**
 * A connection to `target` (ioredis follows a Sentinel failover and Cluster slot moves by itself).
 * After a failover the old primary comes back as a replica: a write it refuses (`READONLY`) makes
 * the connection ask the Sentinels for the primary again.
 */
export function connectRedis(target: RedisTarget, role: ConnectionRole): Redis | Cluster {
  return reopenWhenEnded(connectTo(target, role))
}

function connectTo(target: RedisTarget, role: ConnectionRole): Redis | Cluster {
  const commands: RedisOptions =
    role.commandTimeoutMs === undefined
      ? { autoResubscribe: false, maxRetriesPerRequest: null }
      : { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: role.commandTimeoutMs }
  const common = { connectTimeout: 2000, lazyConnect: false }
  if (target.kind === 'single') return new Redis(target.url, { ...common, ...commands, retryStrategy: retry })
  if (target.kind === 'sentinel')
    return new Redis({
      ...common,
      ...commands,
      sentinels: target.sentinels,
      name: target.name,
      ...(target.sentinelPassword !== undefined ? { sentinelPassword: target.sentinelPassword } : {}),
      ...(target.password !== undefined ? { password: target.password } : {}),
      retryStrategy: retry,
      sentinelRetryStrategy: retry,
      sentinelCommandTimeout: SENTINEL_COMMAND_TIMEOUT_MS,
      // Told by the Sentinels as soon as they switch the primary, not at the next failed command.
      failoverDetector: true,
      reconnectOnError: (error) => error.message.startsWith('READONLY'),
    })
  const { enableOfflineQueue, ...perNode } = commands
  return new Cluster(target.nodes, {
    clusterRetryStrategy: retry,
    enableOfflineQueue: enableOfflineQueue ?? true,
    slotsRefreshTimeout: 2000,
    redisOptions: {
      ...common,
      ...perNode,
      ...(target.password !== undefined ? { password: target.password } : {}),
    },
  })
}
