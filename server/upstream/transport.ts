import type { Dispatcher } from 'undici'

/** What every call of one client shares: where the upstream is, how it is reached and the call's bounds. */
export interface Transport {
  baseUrl: string
  dispatcher: Dispatcher
  /** One deadline for the whole call: connect, headers and body. */
  timeoutMs: number
  /** Replies larger than this are refused. */
  maxBodyBytes: number
}
