import { pino } from 'pino'
import { DEMO_ACCOUNT } from './data/index.ts'
import { startDemoApi } from './start-demo-api.ts'

/** The value of `--name V` or `--name=V` on the command line. */
function argValue(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name)
  return at >= 0 ? argv[at + 1] : argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1)
}

// `--port N` from the command line; 4000 when absent.
function parsePort(argv: readonly string[]): number {
  const raw = argValue(argv, '--port')
  if (raw === undefined) return 4000
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a number from 0 to 65535, got "${raw}"`)
  return port
}

// `--host ADDRESS`: 127.0.0.1 unless asked, since the demo has no access control; 0.0.0.0 lets other
// machines load the media the answers point at.
function parseHost(argv: readonly string[]): string {
  const raw = argValue(argv, '--host') ?? '127.0.0.1'
  if (!/^[\w.:-]+$/.test(raw)) throw new Error(`--host must be an address such as 127.0.0.1 or 0.0.0.0, got "${raw}"`)
  return raw
}

const log = pino({ name: 'demo-api' })
const argv = process.argv.slice(2)
// `--tenant-copies`: `t<N>.res.localhost` and the like answer as copies of the demo sites (benchmarks).
const tenantCopies = argv.includes('--tenant-copies')
const { url, close } = await startDemoApi({ port: parsePort(argv), host: parseHost(argv), log, tenantCopies })
log.info(
  {
    url,
    hosts: ['res.localhost (also localhost, 127.0.0.1)', 'land.localhost', 'nav.localhost'],
    demo_account: DEMO_ACCOUNT,
  },
  `demo API listening on ${url}`,
)

let closing = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return
    closing = true
    log.info({ signal }, 'closing demo API')
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'demo API did not close cleanly')
        process.exit(1)
      },
    )
  })
}
