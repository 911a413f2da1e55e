import { Writable } from 'node:stream'
import type { Logger } from 'pino'
import { createLogger } from '../server/logger.ts'

export interface CapturedLog {
  log: Logger
  /** Every line written so far, parsed. */
  lines: Record<string, unknown>[]
  /** Everything written so far, as text (for "never appears" checks). */
  text(): string
}

/** The production logger (redaction included) writing into memory; `traceIds` as with tracing on. */
export function captureLog(level = 'debug', { traceIds = false } = {}): CapturedLog {
  const raw: string[] = []
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const text = chunk.toString('utf8')
      raw.push(text)
      for (const line of text.split('\n'))
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>)
      callback()
    },
  })
  return { log: createLogger(level, destination, { traceIds }), lines, text: () => raw.join('') }
}
