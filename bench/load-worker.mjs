// The load generator's own process (forked by run.mjs), so it never shares an event loop with the
// server it measures. Receives one job over IPC, answers with its result, exits.
import { measure } from './load.mjs'

process.once('message', async ({ origin, path, options }) => {
  try {
    process.send({ ok: true, result: await measure(origin, path, options) })
  } catch (error) {
    process.send({ ok: false, error: String(error) })
  }
  process.disconnect()
})
