import path from 'node:path'
import { freePort } from './loopback-ports.ts'
import { startDaemon, type SystemDaemon } from './system-daemon.ts'

const HAPROXY = '/usr/sbin/haproxy'
/** The HAProxy config we ship, run as it stands: its addresses come from the environment. */
export const SHIPPED_HAPROXY_CFG = path.resolve(import.meta.dirname, '..', 'docs', 'deploy', 'haproxy.cfg')

/** Its output has a line per request and per server state change. */
export type TestHaproxy = SystemDaemon

/**
 * Debian's haproxy in the foreground (`-db`) on a free loopback port, running the shipped config
 * with its two instances at `instances`, health checks every `checkInterval`, and the forwarding
 * headers of `frontProxy` (FRONT_PROXY, none by default) kept.
 */
export async function startHaproxy(
  instances: [number, number],
  options: { checkInterval?: string; frontProxy?: string } = {},
): Promise<TestHaproxy> {
  const port = await freePort()
  return startDaemon(HAPROXY, ['-f', SHIPPED_HAPROXY_CFG, '-db'], {
    port,
    env: {
      PATH: process.env.PATH ?? '',
      LISTEN: `127.0.0.1:${port}`,
      INSTANCE_1: `127.0.0.1:${instances[0]}`,
      INSTANCE_2: `127.0.0.1:${instances[1]}`,
      CHECK_PORT_1: String(instances[0]),
      CHECK_PORT_2: String(instances[1]),
      CHECK_INTERVAL: options.checkInterval ?? '1s',
      ...(options.frontProxy ? { FRONT_PROXY: options.frontProxy } : {}),
    },
  })
}
