import { describe, expect, it } from 'vitest'
import { toTraceCarrier } from './trace-carrier.ts'

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'

describe('a trace context carried in a message', () => {
  it.each<[string, unknown, unknown, ReturnType<typeof toTraceCarrier>]>([
    ['a traceparent alone', PARENT, undefined, { traceparent: PARENT }],
    ['with its tracestate', PARENT, 'vendor=abc,other=1', { traceparent: PARENT, tracestate: 'vendor=abc,other=1' }],
    ['a tracestate with a control character, dropped', PARENT, 'a=1\nb=2', { traceparent: PARENT }],
    ['a tracestate past 512 characters, dropped', PARENT, `a=${'x'.repeat(511)}`, { traceparent: PARENT }],
    ['none', undefined, undefined, undefined],
    ['not text', 42, undefined, undefined],
    ['uppercase hex', PARENT.toUpperCase(), undefined, undefined],
    ['another version', PARENT.replace(/^00/, '01'), undefined, undefined],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, undefined, undefined],
    ['an all-zero parent id', `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`, undefined, undefined],
    ['a short trace id', '00-4bf92f35-00f067aa0ba902b7-01', undefined, undefined],
    ['trailing text', `${PARENT}-extra`, 'a=1', undefined],
  ])('%s', (_label, traceparent, tracestate, expected) => {
    expect(toTraceCarrier(traceparent, tracestate)).toEqual(expected)
  })
})
