import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './loopback-ports.ts'
import { startDaemon, type SystemDaemon } from './system-daemon.ts'

const HAPROXY = '/usr/sbin/haproxy'
/** The HAProxy config we ship, run as it stands: its addresses come from the environment. */
export const SHIPPED_HAPROXY_CFG = path.resolve(import.meta.dirname, '..', 'docs', 'deploy', 'haproxy.cfg')

/** Its output has a line per request and per server state change. */
export interface TestHaproxy extends SystemDaemon {
  /** `https://127.0.0.1:<port>`: where it terminates TLS. */
  tlsUrl: string
  /** The certificate it presents there (for `localhost` and `res.localhost`), for a client to trust. */
  certificate: string
}

/**
 * A self-signed certificate for `localhost` and `res.localhost`, made with openssl for this run only
 * (no key is ever committed), as the PEM HAProxy reads: certificate, then key.
 */
function makeCertificate(dir: string): { pem: string; certificate: string } {
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,DNS:res.localhost',
    ],
    { stdio: 'ignore' },
  )
  const certificate = readFileSync(cert, 'utf8')
  const pem = path.join(dir, 'site.pem')
  writeFileSync(pem, certificate + readFileSync(key, 'utf8'))
  return { pem, certificate }
}

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
  const tlsPort = await freePort()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tenant-sites-haproxy-'))
  const { pem, certificate } = makeCertificate(dir)
  const daemon = await startDaemon(HAPROXY, ['-f', SHIPPED_HAPROXY_CFG, '-db'], {
    port,
    env: {
      PATH: process.env.PATH ?? '',
      LISTEN: `127.0.0.1:${port}`,
      LISTEN_TLS: `127.0.0.1:${tlsPort}`,
      TLS_CERT: pem,
      INSTANCE_1: `127.0.0.1:${instances[0]}`,
      INSTANCE_2: `127.0.0.1:${instances[1]}`,
      CHECK_PORT_1: String(instances[0]),
      CHECK_PORT_2: String(instances[1]),
      CHECK_INTERVAL: options.checkInterval ?? '1s',
      ...(options.frontProxy ? { FRONT_PROXY: options.frontProxy } : {}),
    },
  }).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true })
    throw error
  })
  return {
    ...daemon,
    tlsUrl: `https://127.0.0.1:${tlsPort}`,
    certificate,
    async stop() {
      await daemon.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
