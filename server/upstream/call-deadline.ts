import type { UpstreamErrorOptions } from '../errors.ts'
import type { UpstreamCallContext } from './call-context.ts'
import { METHOD } from './transport-headers.ts'

/** Appends `path` to `baseUrl`, whether or not the base has a trailing slash or a path prefix. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** One call in flight: where it goes and the deadline that bounds all of it. */
export interface OpenCall {
  url: string
  /** The call's method and address, for error messages. */
  where: UpstreamErrorOptions
  /** Aborts at the deadline or when the caller's signal does. */
  signal: AbortSignal
  clearDeadline(): void
  /** Why a failure happened, for toUpstreamError: the deadline, the caller, or neither. */
  failureState(): { timedOut: boolean; callerAborted: boolean; timeoutMs: number }
}

/** Opens one call: its address and its deadline, joined with the caller's signal. */
export function openCall(baseUrl: string, path: string, timeoutMs: number, context: UpstreamCallContext): OpenCall {
  const url = joinUrl(baseUrl, path)
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), timeoutMs)
  return {
    url,
    where: { method: METHOD, url },
    signal: context.signal ? AbortSignal.any([deadline.signal, context.signal]) : deadline.signal,
    clearDeadline: () => clearTimeout(timer),
    failureState: () => ({
      timedOut: deadline.signal.aborted,
      callerAborted: context.signal?.aborted === true,
      timeoutMs,
    }),
  }
}
