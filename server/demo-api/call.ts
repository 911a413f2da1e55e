import type { Context } from 'hono'
import type { Logger } from 'pino'
import type { z } from 'zod'
import type { Envelope } from '../../shared/api/envelope.ts'
import { describeIssues, fail, STATUS } from './envelope.ts'
import type { DemoTenant } from './tenant.ts'
import type { UserStore } from './accounts/users.ts'

/** What a call handler may use besides its parsed body. */
export interface CallContext {
  c: Context
  tenant: DemoTenant
  log: Logger
  /** Milliseconds, like Date.now(); injectable so tests control time. */
  now: () => number
  users: UserStore
}

type CallResult = Envelope | Response
export interface DemoCall {
  path: string
  run: (rawBody: unknown, ctx: CallContext) => CallResult | Promise<CallResult>
}

/**
 * One upstream call: its path, the zod schema of its body and the handler. The body is parsed here, so a
 * handler only ever sees a typed value and bad input always becomes status 100 with a readable `info`.
 */
export function defineCall<S extends z.ZodType>(
  path: string,
  schema: S,
  handle: (body: z.output<S>, ctx: CallContext) => CallResult | Promise<CallResult>,
): DemoCall {
  return {
    path,
    run(rawBody, ctx) {
      const parsed = schema.safeParse(rawBody)
      if (!parsed.success) return fail(STATUS.invalidInput, describeIssues(parsed.error))
      return handle(parsed.data, ctx)
    },
  }
}

/** Seconds since the epoch, the unit of every timestamp in the contract. */
export function nowSeconds(ctx: Pick<CallContext, 'now'>): number {
  return Math.floor(ctx.now() / 1000)
}
