import { pino } from 'pino'
import { DEMO_ACCOUNT } from './data/index.ts'
import { startDemoApi } from './start-demo-api.ts'

// `--port N` from the command line; 4000 when absent.
function parsePort(argv: readonly string[]): number {
  const at = argv.indexOf('--port')
  const raw = at >= 0 ? argv[at + 1] : argv.find((arg) => arg.startsWith('--port='))?.slice('--port='.length)
  if (raw === undefined) return 4000
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a number from 0 to 65535, got "${raw}"`)
  return port
}

const log = pino({ name: 'demo-api' })
const { url, close } = await startDemoApi({ port: parsePort(process.argv.slice(2)), log })
log.info(
  { url, hosts: ['res.localhost (also localhost, 127.0.0.1)', 'land.localhost', 'nav.localhost'], demo_account: DEMO_ACCOUNT },
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
