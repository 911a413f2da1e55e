import pino, { type Logger } from 'pino'

/** One access line's fields, in the order they are written (docs/operations.md "Logs"). */
export interface AccessLineFields {
  requestId: string
  /** The request span's ids (tracing on); else the logger's own mixin decides, as for any line. */
  traceIds: { traceId: string; spanId: string } | undefined
  method: string
  /** Absent from the line when the host was refused. */
  host: string | undefined
  route: string
  path: string
  status: number
  cache: string
  bytes: number
  ttfbMs: number
  ms: number
}

export type AccessLineLevel = 'info' | 'debug'

export interface AccessLineWriter {
  /** Writes one access line at a level, when the logger's level lets it through. */
  write(level: AccessLineLevel, fields: AccessLineFields): void
  /**
   * Runs `run`, holding the lines it writes and writing them as one at its end, in the order
   * written: the cache hits of one turn of the event loop are answered together (answer/hit-writer.ts),
   * and one write into the destination for the lot costs far less than one per line.
   */
  together(run: () => void): void
}

/** A number as pino writes it: a finite one as JSON, any other as null. */
const number = (value: number): string => (Number.isFinite(value) ? String(value) : 'null')
const text = JSON.stringify as (value: string) => string

/**
 * The access line, shaped by hand instead of by pino's per-call work (walking the fields through
 * its serialisers, a new ISO time for every line): the same JSON line pino would write for these
 * fields, written into the same destination stream, so it keeps its place among the other lines
 * and leaves through the same buffer, flushed on shutdown (logger.ts). Every value is a string
 * escaped as JSON or a number; none is a credential, so nothing here needs redaction.
 */
export function createAccessLineWriter(log: Logger): AccessLineWriter {
  const stream = (log as unknown as Record<symbol, NodeJS.WritableStream & Record<symbol, unknown>>)[
    pino.symbols.streamSym
  ]
  const mixin = (log as unknown as Record<symbol, (() => Record<string, unknown>) | undefined>)[pino.symbols.mixinSym]
  // A stream that reads each line's level from the logger (pino.multistream) is left to pino.
  if (stream === undefined || stream[pino.symbols.needsMetadataGsym] === true) return viaPino(log)
  const destination = stream
  const isoTime = createIsoClock()
  // The lines `together` holds, or null outside it.
  let held: string | null = null
  function lineOf(level: AccessLineLevel, fields: AccessLineFields): string {
    let line = `{"level":${log.levels.values[level]},"time":"${isoTime()}"`
    // pino writes the mixin's fields first and lets the line's own fields overrule them.
    const extra = fields.traceIds === undefined && mixin !== undefined ? mixin() : undefined
    if (extra !== undefined)
      for (const key in extra) if (extra[key] !== undefined) line += `,${text(key)}:${text(String(extra[key]))}`
    line += `,"requestId":${text(fields.requestId)}`
    if (fields.traceIds !== undefined)
      line += `,"traceId":${text(fields.traceIds.traceId)},"spanId":${text(fields.traceIds.spanId)}`
    line += `,"method":${text(fields.method)}`
    if (fields.host !== undefined) line += `,"host":${text(fields.host)}`
    line += `,"route":${text(fields.route)},"path":${text(fields.path)},"status":${number(fields.status)}`
    line += `,"cache":${text(fields.cache)},"bytes":${number(fields.bytes)}`
    line += `,"ttfbMs":${number(fields.ttfbMs)},"ms":${number(fields.ms)},"msg":"request"}\n`
    return line
  }
  function writeAccessLine(level: AccessLineLevel, fields: AccessLineFields): void {
    if (!log.isLevelEnabled(level)) return
    const line = lineOf(level, fields)
    if (held === null) destination.write(line)
    else held += line
  }
  return {
    write: writeAccessLine,
    together(run) {
      if (held !== null) return run()
      held = ''
      try {
        run()
      } finally {
        const lines = held
        held = null
        if (lines !== '') destination.write(lines)
      }
    },
  }
}

/** The same line through pino's own path. */
function viaPino(log: Logger): AccessLineWriter {
  return {
    write: (level, { requestId, traceIds, ...fields }) => log[level]({ requestId, ...traceIds, ...fields }, 'request'),
    together: (run) => run(),
  }
}

/**
 * `new Date().toISOString()` made at most once a millisecond: at thousands of lines a second most
 * lines share their millisecond with the one before.
 */
function createIsoClock(): () => string {
  let at = -1
  let iso = ''
  return () => {
    const now = Date.now()
    if (now !== at) {
      at = now
      iso = new Date(now).toISOString()
    }
    return iso
  }
}
