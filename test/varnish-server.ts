import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './loopback-ports.ts'
import { startDaemon, type SystemDaemon } from './system-daemon.ts'

const VARNISHD = '/usr/sbin/varnishd'
/** The VCL we ship, tested as it stands but for its backend's address. */
export const SHIPPED_VCL = path.resolve(import.meta.dirname, '..', 'docs', 'deploy', 'varnish.vcl')

/** Its output holds varnishd's VCL compile errors and panics. */
export type TestVarnish = SystemDaemon

/**
 * The shipped VCL with its one backend pointed at `backend` (`host:port`). Fails loudly when the
 * backend lines are not where the README says to change them, so the file tested stays the file shipped.
 */
export function vclFor(vcl: string, backend: { host: string; port: number }): string {
  const block = /backend default \{\n {4}\.host = "[^"]*";\n {4}\.port = "\d+";\n/
  if (!block.test(vcl)) throw new Error('the VCL has no `backend default` with .host and .port first')
  return vcl.replace(block, `backend default {\n    .host = "${backend.host}";\n    .port = "${backend.port}";\n`)
}

/**
 * Debian's varnishd on a free loopback port (or `options.port`), in the foreground, with a work folder of its own and
 * 32 MiB of memory storage, running the shipped VCL against `backend`. As root it keeps its
 * privileges (`-j none`): the jail would switch to users a test machine need not have.
 */
/**
 * Varnish's defaults refuse a Cookie header over 8 KiB (`http_req_hdr_len`) with 400, and other
 * sites of a parent domain can set more than that: the instances take heads up to 64 KiB
 * (server/lifecycle/http-server.ts), and so does Varnish with these.
 */
const REQUEST_HEAD_PARAMS = ['-p', 'http_req_hdr_len=64k', '-p', 'http_req_size=64k']

export async function startVarnish(
  backend: { host: string; port: number },
  options: { port?: number } = {},
): Promise<TestVarnish> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tenant-sites-varnish-'))
  const vcl = path.join(dir, 'varnish.vcl')
  writeFileSync(vcl, vclFor(readFileSync(SHIPPED_VCL, 'utf8'), backend))
  const port = options.port ?? (await freePort())
  const jail = process.getuid?.() === 0 ? ['-j', 'none'] : []
  const args = [
    '-F',
    '-n',
    path.join(dir, 'work'),
    '-a',
    `127.0.0.1:${port}`,
    '-f',
    vcl,
    '-s',
    'malloc,32m',
    // The request head sizes docs/deploy/README.md runs it with (other sites' cookies).
    ...REQUEST_HEAD_PARAMS,
    ...jail,
  ]
  const removeDir = () => rmSync(dir, { recursive: true, force: true })
  const daemon = await startDaemon(VARNISHD, args, { port }).catch((error: unknown) => {
    removeDir()
    throw error
  })
  return {
    ...daemon,
    async stop() {
      await daemon.stop()
      removeDir()
    },
  }
}
