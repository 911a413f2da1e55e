import type { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { ProxyCall } from './allow-list.ts'
import { toAddressKey, toEmailKey } from './limit-keys.ts'

/** At most `points` attempts per `seconds`; 0 points: no limit. */
export interface Limit {
  points: number
  seconds: number
}

/** The limits of one kind of call: per client address, and per target e-mail. */
export interface CallLimits {
  perAddress: Limit
  perEmail: Limit
}

/** The calls that send mail or check a password or a code (docs/security.md "Sign-in limits"). */
export type LimitedCall = 'user/login' | 'user/register' | 'send_email' | 'user/update_password' | 'third_party_login'

export interface SignInLimitsOptions {
  limits: Record<LimitedCall, CallLimits>
  /**
   * The instance's Redis command connection (commands time out and are not queued offline): the
   * limits then hold across the fleet. Without it, per instance.
   */
  redis?: Redis | undefined
  /** Prefix of the counters' keys in Redis. Kept apart from the caches' `ts:`, which purges empty. */
  keyPrefix?: string
}

/** Who makes an attempt: the tenant it is made on, the client's address, the e-mail it names (if any). */
export interface Attempt {
  call: ProxyCall
  tenant: string
  clientAddress: string | undefined
  email: unknown
}

export interface SignInLimits {
  /** Counts the attempt: null when it may go on, else the seconds before another one may (Retry-After). */
  take(attempt: Attempt): Promise<number | null>
}

/** One setting of the environment (`RATE_LIMIT_*`, env.ts): both counts over one window. */
export interface LimitSetting {
  perAddress: number
  perEmail: number
  seconds: number
}

/**
 * The limits of each call from the three settings: mail sent (send code), passwords checked (login;
 * Google sign-in by address only, its body names no e-mail), codes checked (sign-up, password reset).
 */
export function toCallLimits(settings: {
  sendCode: LimitSetting
  login: LimitSetting
  codeCheck: LimitSetting
}): Record<LimitedCall, CallLimits> {
  const of = ({ perAddress, perEmail, seconds }: LimitSetting): CallLimits => ({
    perAddress: { points: perAddress, seconds },
    perEmail: { points: perEmail, seconds },
  })
  return {
    send_email: of(settings.sendCode),
    'user/login': of(settings.login),
    third_party_login: of(settings.login),
    'user/register': of(settings.codeCheck),
    'user/update_password': of(settings.codeCheck),
  }
}

const LIMITED: ReadonlySet<string> = new Set<LimitedCall>([
  'user/login',
  'user/register',
  'send_email',
  'user/update_password',
  'third_party_login',
])

function isLimited(call: ProxyCall): call is LimitedCall {
  return LIMITED.has(call)
}

/**
 * Limits on the same-origin API's sign-in calls, by rate-limiter-flexible: one counter per call,
 * tenant and client address, and one per call, tenant and e-mail, each expiring with its window
 * (in Redis and in memory alike). The address is counted first, so an address over its limit adds
 * no e-mail counters. With Redis, a failed or slow command (the connection's deadline) falls back
 * to a per-instance counter in memory (`insuranceLimiter`): the limit then holds per instance, and
 * a visitor is never held up by Redis.
 */
export function createSignInLimits(options: SignInLimitsOptions): SignInLimits {
  const keyPrefix = options.keyPrefix ?? 'ts-limit'
  const limiters = new Map<LimitedCall, { perAddress?: RateLimiterAbstract; perEmail?: RateLimiterAbstract }>()
  for (const [call, limits] of Object.entries(options.limits) as [LimitedCall, CallLimits][]) {
    const perAddress = limiterOf(limits.perAddress, `${keyPrefix}:${call}:address`)
    const perEmail = limiterOf(limits.perEmail, `${keyPrefix}:${call}:email`)
    limiters.set(call, { ...(perAddress ? { perAddress } : {}), ...(perEmail ? { perEmail } : {}) })
  }

  function limiterOf(limit: Limit, prefix: string): RateLimiterAbstract | undefined {
    if (limit.points === 0) return undefined
    const shape = { points: limit.points, duration: limit.seconds, keyPrefix: prefix }
    const memory = new RateLimiterMemory(shape)
    if (!options.redis) return memory
    return new RateLimiterRedis({
      ...shape,
      storeClient: options.redis,
      // A connection that is not up answers at once from memory rather than failing a command.
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    })
  }

  return {
    async take({ call, tenant, clientAddress, email }) {
      if (!isLimited(call)) return null
      const limiter = limiters.get(call)
      if (!limiter) return null
      const byAddress = await refusal(limiter.perAddress, `${tenant}|${toAddressKey(clientAddress)}`)
      if (byAddress !== null) return byAddress
      const emailKey = toEmailKey(email)
      if (emailKey === undefined) return null
      return refusal(limiter.perEmail, `${tenant}|${emailKey}`)
    },
  }
}

/** Consumes one point: null when allowed, else whole seconds until the window ends (at least 1). */
async function refusal(limiter: RateLimiterAbstract | undefined, key: string): Promise<number | null> {
  if (!limiter) return null
  try {
    await limiter.consume(key)
    return null
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000))
    // Redis and memory both failed: nothing left to count with, so the attempt goes on.
    return null
  }
}
