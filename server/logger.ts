import pino, { type Logger } from 'pino'

/** JSON logs on stdout (one line per event), with error objects serialised. */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime })
}
