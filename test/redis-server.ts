import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createConnection, createServer } from 'node:net'
import { Redis } from 'ioredis'

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
  let child: ChildProcess | null = null

  async function start() {
    child = spawn(
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
        '--protected-mode',
        'yes',
        ...(options.args ?? []),
      ],
      { stdio: 'ignore' },
    )
    await untilListening(port)
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

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  server.close()
  await once(server, 'close')
  return port
}

/** Resolves once something accepts connections on the port (the server is up). */
async function untilListening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' })
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`redis-server did not start on port ${port}`)
}
