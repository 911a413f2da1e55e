// A throwaway redis-server on a free loopback port, without persistence, for the benches.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createConnection } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from './processes.mjs'

/** Starts redis-server; answers its URL and a stop function. */
export async function startRedis() {
  const port = await freePort()
  const child = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const up = await new Promise((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' })
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (up)
      return {
        url: `redis://127.0.0.1:${port}`,
        stop: async () => {
          child.kill('SIGKILL')
          await once(child, 'exit')
        },
      }
    await sleep(20)
  }
  child.kill('SIGKILL')
  throw new Error('redis-server did not start')
}
