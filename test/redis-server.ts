import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { freePort, untilListening } from './loopback-ports.ts'

const REDIS_SERVER = '/usr/bin/redis-server'

export interface TestRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string
  port: number
  /** Kills the server at once (SIGKILL): what a crashed Redis looks like to clients. */
  kill(): Promise<void>
  /** Starts it again on the same port (empty: nothing is persisted). */
  restart(): Promise<void>
  /** Freezes the server (SIGSTOP): connections stay open but nothing answers, as with a hung Redis. */
  pause(): void
  resume(): void
  stop(): Promise<void>
}

export interface StartRedisOptions {
  /** More server arguments, e.g. `['--maxmemory', '4mb', '--maxmemory-policy', 'allkeys-lru']`. */
  args?: string[]
}

/** A throwaway redis-server on a free loopback port, without persistence. */
export async function startRedis(options: StartRedisOptions = {}): Promise<TestRedis> {
  const port = await freePort()
  // A folder of its own: a replica writes what it receives from its primary there (dump.rdb), and
  // a server started in the working folder would load another test's file.
  const dir = await mkdtemp(join(tmpdir(), 'ts-redis-'))
  let child: ChildProcess | null = null

  async function start() {
    const started = spawn(
      REDIS_SERVER,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--protected-mode',
        'yes',
        ...(options.args ?? []),
      ],
      { stdio: 'ignore' },
    )
    child = started
    await untilListening(port, () => started.exitCode === null)
  }

  async function kill() {
    const running = child
    child = null
    if (running === null || running.exitCode !== null) return
    const exited = once(running, 'exit')
    running.kill('SIGKILL')
    await exited
  }

  await start()
  const signal = (name: NodeJS.Signals) => {
    if (child !== null && child.exitCode === null) child.kill(name)
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    restart: start,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    async stop() {
      signal('SIGCONT')
      await kill()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/**
 * A client of the test server for looking at what the app wrote, on an emptied server. Its errors
 * are ignored: tests kill and pause the server under it.
 */
export async function connectAdmin(redis: TestRedis): Promise<Redis> {
  const admin = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 })
  admin.on('error', () => {})
  await admin.connect()
  await admin.flushall()
  return admin
}
