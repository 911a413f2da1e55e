import { spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { freePort, untilListening } from './loopback-ports.ts'

const HAPROXY = '/usr/sbin/haproxy'
/** The HAProxy config we ship, run as it stands: its addresses come from the environment. */
export const SHIPPED_HAPROXY_CFG = path.resolve(import.meta.dirname, '..', 'docs', 'deploy', 'haproxy.cfg')

export interface TestHaproxy {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  /** What haproxy logged so far (one line per request, server state changes). */
  output(): string
  stop(): Promise<void>
}

/**
 * Debian's haproxy in the foreground (`-db`) on a free loopback port, running the shipped config
 * with its two instances at `instances` and health checks every `checkInterval`.
 */
export async function startHaproxy(
  instances: [number, number],
  options: { checkInterval?: string } = {},
): Promise<TestHaproxy> {
  const port = await freePort()
  const child = spawn(HAPROXY, ['-f', SHIPPED_HAPROXY_CFG, '-db'], {
    env: {
      PATH: process.env.PATH ?? '',
      LISTEN: `127.0.0.1:${port}`,
      INSTANCE_1: `127.0.0.1:${instances[0]}`,
      INSTANCE_2: `127.0.0.1:${instances[1]}`,
      CHECK_INTERVAL: options.checkInterval ?? '1s',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => (output += chunk.toString())
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = once(child, 'exit')
  try {
    await untilListening(port, () => child.exitCode === null)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`haproxy did not start: ${(error as Error).message}\n${output}`)
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return
      // SIGUSR1 would wait for visitors' connections; a test is done with them.
      child.kill('SIGTERM')
      await exited
    },
  }
}
