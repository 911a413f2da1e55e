import { createHash } from 'node:crypto'
import type { Cluster, Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { ProxyCall } from './allow-list.ts'
import { toAddressKey, toEmailKey } from './limit-keys.ts'

/** At most `points` attempts per `seconds`; 0 points: no limit. */
interface Limit {
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
  redis?: Redis | Cluster | undefined
  /** Prefix of the counters' keys in Redis (the app gives REDIS_KEY_PREFIX + `limit`). Default `ts-limit`. */
  keyPrefix?: string
  /** Most keys counted in memory at once, every call together (below). Default 100,000. */
  maxMemoryKeys?: number
  /** Told of each Redis command that failed or timed out (the count went to memory instead). */
  onCommandError?: () => void
  /** Told the time of each Redis command, failed or not. */
  onCommandTimed?: (seconds: number) => void
}

/** Who makes an attempt: the tenant it is made on, the client's address, the e-mail it names (if any). */
interface Attempt {
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

/** Counts one attempt under a key; rejects with the limiter's RateLimiterRes when over the limit. */
type Counter = (key: string) => Promise<void>

/** The key every attempt shares once the counters in memory are full (see `maxMemoryKeys`). */
const OVERFLOW_KEY = '*'

/**
 * Limits on the same-origin API's sign-in calls, by rate-limiter-flexible: one counter per call,
 * tenant and client address, and one per call, tenant and e-mail, each expiring with its window
 * (in Redis and in memory alike). The address is counted first, so an address over its limit adds
 * no e-mail counters. With Redis, a command that fails or passes the connection's deadline is
 * counted in memory instead: the limit then holds per instance, and no visitor waits on Redis.
 */
export function createSignInLimits(options: SignInLimitsOptions): SignInLimits {
  const keyPrefix = options.keyPrefix ?? 'ts-limit'
  const budget = createKeyBudget(options.maxMemoryKeys ?? DEFAULT_MAX_MEMORY_KEYS)
  const counters = new Map<LimitedCall, { perAddress?: Counter; perEmail?: Counter }>()
  for (const [call, limits] of Object.entries(options.limits) as [LimitedCall, CallLimits][]) {
    const perAddress = counterOf(limits.perAddress, `${keyPrefix}:${call}:address`)
    const perEmail = counterOf(limits.perEmail, `${keyPrefix}:${call}:email`)
    counters.set(call, { ...(perAddress ? { perAddress } : {}), ...(perEmail ? { perEmail } : {}) })
  }

  function counterOf(limit: Limit, prefix: string): Counter | undefined {
    if (limit.points === 0) return undefined
    const shape = { points: limit.points, duration: limit.seconds, keyPrefix: prefix }
    const inMemory = memoryCounter(new RateLimiterMemory(shape), limit.seconds, budget)
    if (!options.redis) return inMemory
    const redis = new RateLimiterRedis({
      ...shape,
      storeClient: options.redis,
      // A connection that is not up counts in memory at once rather than failing a command.
      rejectIfRedisNotReady: true,
    })
    return async (key) => {
      const started = performance.now()
      try {
        await redis.consume(key)
      } catch (error) {
        // A refusal is Redis answering; anything else is Redis failing.
        if (error instanceof RateLimiterRes) throw error
        options.onCommandError?.()
        await inMemory(key)
      } finally {
        options.onCommandTimed?.((performance.now() - started) / 1000)
      }
    }
  }

  return {
    async take({ call, tenant, clientAddress, email }) {
      if (!isLimited(call)) return null
      const counter = counters.get(call)
      if (!counter) return null
      const byAddress = await refusal(counter.perAddress, `${tenant}|${toAddressKey(clientAddress)}`)
      if (byAddress !== null) return byAddress
      const emailKey = toEmailKey(email)
      if (emailKey === undefined) return null
      return refusal(counter.perEmail, `${tenant}|${digestOf(emailKey)}`)
    },
  }
}

/** About 700 bytes each (measured with 100,000 e-mail keys): 100,000 keys are some 70 MiB. */
const DEFAULT_MAX_MEMORY_KEYS = 100_000

interface KeyBudget {
  /** Whether another key may be counted on its own. */
  readonly hasRoom: boolean
  /** A key was counted on its own for `seconds`. */
  hold(seconds: number): void
}

/** How many keys the counters in memory hold at once, every call together. */
function createKeyBudget(max: number): KeyBudget {
  let live = 0
  return {
    get hasRoom() {
      return live < max
    },
    hold(seconds) {
      live++
      setTimeout(() => live--, seconds * 1000).unref()
    },
  }
}

/**
 * A counter in memory whose keys are bounded: once the budget is spent, an attempt under a key not
 * yet counted shares one counter with every such attempt until keys expire. A flood of never-seen
 * addresses then limits newcomers together (their mails are not sent) rather than growing the heap.
 */
function memoryCounter(limiter: RateLimiterMemory, seconds: number, budget: KeyBudget): Counter {
  return async (key) => {
    const counted = budget.hasRoom || (await limiter.get(key)) !== null ? key : OVERFLOW_KEY
    const result = await limiter.consume(counted)
    if (result.isFirstInDuration && counted !== OVERFLOW_KEY) budget.hold(seconds)
  }
}

/** An e-mail as it is counted: a digest, so Redis and the heap never hold visitors' addresses. */
function digestOf(email: string): string {
  return createHash('sha256').update(email).digest('base64url').slice(0, 22)
}

/** Counts one attempt: null when allowed, else whole seconds until the window ends (at least 1). */
async function refusal(counter: Counter | undefined, key: string): Promise<number | null> {
  if (!counter) return null
  try {
    await counter(key)
    return null
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000))
    throw error
  }
}
