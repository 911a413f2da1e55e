import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './loopback-ports.ts'
import { startDaemon, type SystemDaemon } from './system-daemon.ts'

const CADDY = '/usr/bin/caddy'
/** The Caddyfile we ship, run as it stands: its addresses come from the environment. */
export const SHIPPED_CADDYFILE = path.resolve(import.meta.dirname, '..', 'docs', 'deploy', 'Caddyfile')

export interface TestCaddy extends SystemDaemon {
  /** The HTTPS port (`url` and `port` are the HTTP one's). */
  httpsPort: number
  /** Where Caddy keeps its data: the internal CA's root is `pki/authorities/local/root.crt` under it. */
  dataDir: string
}

/**
 * Debian's caddy on free loopback ports, running the shipped Caddyfile against `backend`
 * (`host:port`) and asking `askUrl` before a certificate, signed by its own CA (`local_certs`),
 * never installed in the system's trust store. Its data and config live in a temporary folder; its
 * admin API is off.
 */
export async function startCaddy(options: { backend: string; askUrl: string }): Promise<TestCaddy> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'tenant-sites-caddy-'))
  const [httpPort, httpsPort] = [await freePort(), await freePort()]
  const removeHome = () => rmSync(home, { recursive: true, force: true })
  const daemon = await startDaemon(CADDY, ['run', '--config', SHIPPED_CADDYFILE, '--adapter', 'caddyfile'], {
    // Listening on HTTPS last: once it accepts there, both servers are up.
    port: httpsPort,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
      CADDY_ADMIN: 'off',
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      BACKEND: options.backend,
      TLS_ASK_URL: options.askUrl,
      CADDY_GLOBAL_OPTIONS: 'local_certs\nskip_install_trust\ndefault_bind 127.0.0.1',
    },
  }).catch((error: unknown) => {
    removeHome()
    throw error
  })
  // startDaemon waited for one port; the plain HTTP one is asked about by `url`.
  return {
    ...daemon,
    url: `http://127.0.0.1:${httpPort}`,
    port: httpPort,
    httpsPort,
    dataDir: path.join(home, 'data', 'caddy'),
    async stop() {
      await daemon.stop()
      removeHome()
    },
  }
}
