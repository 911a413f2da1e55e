import pino, { type DestinationStream, type Logger } from 'pino'
import { traceLogFields } from './telemetry/tracing.ts'

/**
 * Fields that may carry credentials or visitor data, censored wherever they appear: request
 * headers, upstream call contexts, and upstream errors (whose `body`/`data` are the parsed reply).
 */
const REDACTED_PATHS = [
  'cookie',
  '*.cookie',
  '*.*.cookie',
  'authorization',
  '*.authorization',
  '*.*.authorization',
  'token',
  '*.token',
  'password',
  '*.password',
  'set-cookie',
  '*.set-cookie',
  '*["set-cookie"]',
  'body',
  '*.body',
  'err.data',
  'err.cause.body',
  'err.cause.data',
  'error.body',
  'error.data',
]

/**
 * JSON logs on stdout (one line per event), with error objects serialised and secrets censored.
 * With `traceIds` (tracing on), a line logged inside a span carries its `traceId` and `spanId`.
 */
export function createLogger(level: string, destination?: DestinationStream, { traceIds = false } = {}): Logger {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(traceIds ? { mixin: traceLogFields } : {}),
  }
  return destination ? pino(options, destination) : pino(options)
}
