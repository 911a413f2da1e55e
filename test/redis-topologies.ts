import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Cluster, Redis } from 'ioredis'
import type { RedisNode } from '../server/cache/redis/redis-connection.ts'
import { freePort, untilListening } from './loopback-ports.ts'
import { startRedis, type TestRedis } from './redis-server.ts'

const REDIS_SENTINEL = '/usr/bin/redis-sentinel'
const REDIS_CLI = '/usr/bin/redis-cli'

/** The name the test Sentinels monitor the primary under. */
export const SENTINEL_NAME = 'tsprimary'

export interface TestSentinelSet {
  /** The Sentinels' `host:port`, as REDIS_SENTINELS lists them. */
  sentinels: RedisNode[]
  primary: TestRedis
  replica: TestRedis
  /** Resolves with the port of the server the Sentinels name as primary once it is not `port` any more. */
  untilFailover(port: number, timeoutMs?: number): Promise<number>
  stop(): Promise<void>
}

/** Waits until `check` answers true, looking every 50 ms; throws after `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A plain client of a test process for setting it up; its errors are ignored (tests kill the processes). */
function adminOf(port: number): Redis {
  const client = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  client.on('error', () => {})
  return client
}

async function ask<T>(port: number, run: (client: Redis) => Promise<T>): Promise<T> {
  const client = adminOf(port)
  try {
    await client.connect()
    return await run(client)
  } finally {
    client.disconnect()
  }
}

/**
 * A primary, its replica and three Sentinels watching them (quorum 2), as a small production
 * deployment runs them, all on loopback and without persistence. A primary down for 1 s is failed
 * over to the replica.
 */
export async function startSentinelSet(): Promise<TestSentinelSet> {
  const primary = await startRedis()
  const replica = await startRedis({ args: ['--replicaof', '127.0.0.1', String(primary.port)] })
  const dir = await mkdtemp(join(tmpdir(), 'ts-sentinel-'))
  const children: ChildProcess[] = []
  const sentinels: RedisNode[] = []
  for (let index = 0; index < 3; index++) {
    const port = await freePort()
    const file = join(dir, `sentinel-${port}.conf`)
    // The configuration file is rewritten by Sentinel as it learns the topology: one each.
    await writeFile(
      file,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_NAME} 127.0.0.1 ${primary.port} 2`,
        `sentinel down-after-milliseconds ${SENTINEL_NAME} 1000`,
        `sentinel failover-timeout ${SENTINEL_NAME} 5000`,
        `sentinel parallel-syncs ${SENTINEL_NAME} 1`,
        '',
      ].join('\n'),
    )
    const child = spawn(REDIS_SENTINEL, [file], { stdio: 'ignore' })
    children.push(child)
    await untilListening(port, () => child.exitCode === null)
    sentinels.push({ host: '127.0.0.1', port })
  }
  const primaryOf = async (port: number) =>
    ask(port, async (client) => {
      const [, primaryPort] = (await client.call('SENTINEL', 'get-master-addr-by-name', SENTINEL_NAME)) as [
        string,
        string,
      ]
      return Number(primaryPort)
    })
  // Every Sentinel knows the replica and the two others before a test relies on a failover.
  await until('the sentinels to find each other and the replica', async () => {
    for (const { port } of sentinels) {
      const list = (await ask(port, (client) => client.call('SENTINEL', 'master', SENTINEL_NAME))) as string[]
      const fields = new Map<string, string>()
      for (let at = 0; at + 1 < list.length; at += 2) fields.set(list[at] ?? '', list[at + 1] ?? '')
      if (fields.get('num-other-sentinels') !== '2' || fields.get('num-slaves') !== '1') return false
    }
    return true
  })
  return {
    sentinels,
    primary,
    replica,
    async untilFailover(port, timeoutMs = 20_000) {
      let promoted = port
      await until(
        'the sentinels to fail the primary over',
        async () => {
          promoted = await primaryOf(sentinels[0]?.port ?? 0)
          return promoted !== port
        },
        timeoutMs,
      )
      return promoted
    },
    async stop() {
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode !== null) return
          const exited = once(child, 'exit')
          child.kill('SIGKILL')
          await exited
        }),
      )
      await Promise.all([primary.stop(), replica.stop()])
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export interface TestCluster {
  /** Its nodes' `host:port`, as REDIS_CLUSTER_NODES lists them. */
  nodes: RedisNode[]
  /** A client of the whole cluster for looking at what the instances wrote. */
  admin(): Promise<Cluster>
  stop(): Promise<void>
}

/** Runs redis-cli with `args`; rejects with its output when it fails. */
async function redisCli(args: string[]): Promise<void> {
  const child = spawn(REDIS_CLI, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`redis-cli ${args.join(' ')} failed: ${output}`)
}

/** A Redis Cluster of three primaries (no replicas) on loopback, its slots spread by `redis-cli --cluster create`. */
export async function startRedisCluster(): Promise<TestCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'ts-cluster-'))
  const servers: TestRedis[] = []
  for (let index = 0; index < 3; index++) {
    servers.push(
      await startRedis({
        args: [
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          join(dir, `nodes-${index}.conf`),
          '--cluster-node-timeout',
          '2000',
        ],
      }),
    )
  }
  try {
    await redisCli(['--cluster', 'create', ...servers.map((server) => `127.0.0.1:${server.port}`), '--cluster-yes'])
    await until('the cluster to be up on every node', async () => {
      for (const server of servers) {
        const info = await ask(server.port, (client) => client.cluster('INFO'))
        if (!String(info).includes('cluster_state:ok')) return false
      }
      return true
    })
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()))
    throw error
  }
  const nodes = servers.map((server) => ({ host: '127.0.0.1', port: server.port }))
  const admins: Cluster[] = []
  return {
    nodes,
    async admin() {
      const client = new Cluster(nodes, { redisOptions: { maxRetriesPerRequest: 0 } })
      client.on('error', () => {})
      admins.push(client)
      await new Promise<void>((resolve) => client.once('ready', () => resolve()))
      return client
    },
    async stop() {
      for (const client of admins) client.disconnect()
      await Promise.all(servers.map((server) => server.stop()))
      await rm(dir, { recursive: true, force: true })
    },
  }
}
