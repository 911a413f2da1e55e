import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { type TraceCarrier, toTraceCarrier } from '../../telemetry/trace-carrier.ts'
import type { PurgeScope } from './purge-scope.ts'

/**
 * A purge as it travels between instances, in the purge stream and on the wake-up channel: the
 * scope, the instance that sent it (which does not apply it again) and the purge's own id (a
 * purge appended twice, as when a write that timed out had reached Redis after all, is applied once).
 */
export interface PurgeEnvelope {
  id: string
  from: string
  scope: PurgeScope
  /** Set on purges appended to the stream: a reader catches up from the stream instead of applying the message. */
  streamed: boolean
  /** The sender's span (`purge to instances`), so the purge's arrival joins its trace. */
  trace?: TraceCarrier
}

const schema = z.object({
  from: z.string().max(100),
  // Instances of an earlier version send no id, no mode and do not append to the stream.
  id: z.string().max(100).optional(),
  streamed: z.literal(true).optional(),
  host: z.string().max(300).nullable(),
  // Instances of an earlier version send no mode: their purges dropped everything of the host.
  mode: z.enum(['soft', 'hard']).default('hard'),
  pages: z
    .array(z.object({ languages: z.array(z.string().max(50)).max(100), routerPathname: z.string().max(4096) }))
    .max(10_000)
    .optional(),
  tags: z.array(z.string().max(300)).max(10_000).optional(),
  // Instances of an earlier version send none; a malformed one is dropped, never the purge (trace-carrier.ts).
  traceparent: z.unknown().optional(),
  tracestate: z.unknown().optional(),
})

/** The text of a purge (JSON, flat: instances of an earlier version read the scope's fields at its top). */
export function toPurgeText(envelope: PurgeEnvelope): string {
  const { id, from, scope, streamed, trace } = envelope
  return JSON.stringify({ from, id, ...(streamed ? { streamed } : {}), ...scope, ...trace })
}

/** The purge a text names, or a reason it names none (for the log). */
export function parsePurgeText(text: string): { ok: true; envelope: PurgeEnvelope } | { ok: false; reason: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) return { ok: false, reason: z.prettifyError(parsed.error) }
  const { from, id, streamed, host, mode, pages, tags, traceparent, tracestate } = parsed.data
  const trace = toTraceCarrier(traceparent, tracestate)
  return {
    ok: true,
    envelope: {
      // A message without id (an earlier version) is its own purge: never taken for another one.
      id: id ?? randomUUID(),
      from,
      streamed: streamed === true,
      scope: { host, mode, ...(pages ? { pages } : {}), ...(tags ? { tags } : {}) },
      ...(trace ? { trace } : {}),
    },
  }
}
