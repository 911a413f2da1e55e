import { Writable } from 'node:stream'
import pino from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../logger.ts'
import { type AccessLineFields, createAccessLineWriter } from './access-line.ts'

/** A logger as the request recorder makes it, and every chunk its destination receives. */
function capture(level: string, mixin?: () => Record<string, string>) {
  const chunks: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'))
      callback()
    },
  })
  const base = mixin
    ? pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime, mixin }, destination)
    : createLogger(level, destination)
  return { log: base.child({}, { redact: { paths: [] } }), chunks }
}

const FIELDS: AccessLineFields = {
  requestId: 'id-1',
  traceIds: undefined,
  method: 'GET',
  host: 'res.localhost',
  route: 'res-hot',
  path: '/res/hot',
  status: 200,
  cache: 'hit',
  bytes: 20_100,
  ttfbMs: 0,
  ms: 1,
}

/** The line pino itself writes for the same fields, as the access line was written before. */
function pinoLine(log: pino.Logger, level: 'info' | 'debug', { requestId, traceIds, ...rest }: AccessLineFields) {
  log[level]({ requestId, ...traceIds, ...rest }, 'request')
}

afterEach(() => vi.useRealTimers())

describe('the access line written by hand', () => {
  it.each<[string, Partial<AccessLineFields>]>([
    ['a hit', {}],
    ['a refused host (no host field)', { host: undefined }],
    ['values that need escaping', { path: '/a"b\\c\n\u2028\u0001ü', route: 'r"1', requestId: 'x\ty' }],
    ['trace ids', { traceIds: { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16) } }],
    ['a length that is not a number', { bytes: Number.NaN }],
  ])('%s: the very line pino writes', (_, change) => {
    vi.useFakeTimers({ now: 1_765_000_000_123, toFake: ['Date'] })
    const { log, chunks } = capture('info')
    const fields = { ...FIELDS, ...change }
    pinoLine(log, 'info', fields)
    createAccessLineWriter(log).write('info', fields)
    expect(chunks).toHaveLength(2)
    expect(chunks[1]).toBe(chunks[0])
    expect(JSON.parse(chunks[1] as string)).toMatchObject({ msg: 'request', level: 30 })
  })

  it('the logger mixin (tracing on) names the ids of a line without its own', () => {
    vi.useFakeTimers({ now: 1_765_000_000_123, toFake: ['Date'] })
    const { log, chunks } = capture('info', () => ({ traceId: 'c'.repeat(32), spanId: 'd'.repeat(16) }))
    pinoLine(log, 'info', FIELDS)
    createAccessLineWriter(log).write('info', FIELDS)
    expect(chunks[1]).toBe(chunks[0])
    expect(JSON.parse(chunks[1] as string)).toMatchObject({ traceId: 'c'.repeat(32) })
    const own = { ...FIELDS, traceIds: { traceId: 'e'.repeat(32), spanId: 'f'.repeat(16) } }
    createAccessLineWriter(log).write('info', own)
    expect(JSON.parse(chunks[2] as string)).toMatchObject(own.traceIds)
  })

  it('writes nothing below the logger level, and debug lines when it allows them', () => {
    const quiet = capture('warn')
    createAccessLineWriter(quiet.log).write('info', FIELDS)
    expect(quiet.chunks).toEqual([])
    const info = capture('info')
    createAccessLineWriter(info.log).write('debug', FIELDS)
    expect(info.chunks).toEqual([])
    const debug = capture('debug')
    createAccessLineWriter(debug.log).write('debug', FIELDS)
    expect(JSON.parse(debug.chunks[0] as string)).toMatchObject({ level: 20, requestId: 'id-1' })
  })

  it('a new time each millisecond, the same within one', () => {
    vi.useFakeTimers({ now: 1_765_000_000_123, toFake: ['Date'] })
    const { log, chunks } = capture('info')
    const { write } = createAccessLineWriter(log)
    write('info', FIELDS)
    write('info', FIELDS)
    vi.setSystemTime(1_765_000_000_124)
    write('info', FIELDS)
    const times = chunks.map((chunk) => (JSON.parse(chunk) as { time: string }).time)
    expect(times).toEqual(['2025-12-06T05:46:40.123Z', '2025-12-06T05:46:40.123Z', '2025-12-06T05:46:40.124Z'])
  })

  it('a multistream destination, which reads each line through the logger, gets it from pino', () => {
    const chunks: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString('utf8'))
        callback()
      },
    })
    const log = pino({ level: 'info', base: undefined }, pino.multistream([{ stream: sink, level: 'info' }]))
    createAccessLineWriter(log).write('info', FIELDS)
    expect(JSON.parse(chunks[0] as string)).toMatchObject({ requestId: 'id-1', status: 200, msg: 'request' })
  })
})

describe('access lines written together', () => {
  it('leave as one write at the end, in the order written, the lines its level drops left out', () => {
    const { log, chunks } = capture('info')
    const lines = createAccessLineWriter(log)
    lines.together(() => {
      lines.write('info', { ...FIELDS, requestId: 'a' })
      lines.write('debug', { ...FIELDS, requestId: 'dropped' })
      // Nested: still one write, at the outer end.
      lines.together(() => lines.write('info', { ...FIELDS, requestId: 'b' }))
      lines.write('info', { ...FIELDS, requestId: 'c' })
      expect(chunks).toHaveLength(0)
    })
    expect(chunks).toHaveLength(1)
    const ids = (chunks[0] as string)
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { requestId: string }).requestId)
    expect(ids).toEqual(['a', 'b', 'c'])
    // Outside, each line is its own write again.
    lines.write('info', FIELDS)
    lines.write('info', FIELDS)
    expect(chunks).toHaveLength(3)
  })

  it('write what they hold when the work throws, and let the error through', () => {
    const { log, chunks } = capture('info')
    const lines = createAccessLineWriter(log)
    expect(() =>
      lines.together(() => {
        lines.write('info', FIELDS)
        throw new Error('broke')
      }),
    ).toThrow('broke')
    expect(chunks).toHaveLength(1)
    expect(JSON.parse(chunks[0] as string)).toMatchObject({ requestId: 'id-1' })
  })

  it('write nothing for work that logs no line', () => {
    const { log, chunks } = capture('warn')
    const lines = createAccessLineWriter(log)
    lines.together(() => lines.write('info', FIELDS))
    expect(chunks).toHaveLength(0)
  })
})
