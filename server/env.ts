import { z } from 'zod'
import { DEFAULT_BODY_LIMIT_BYTES } from './http/body-limit.ts'
import { redisCrossChecks, redisKeyPrefix, redisNodeList, redisSecret, redisSentinelName } from './redis-env.ts'
import { tracingEnvShape } from './telemetry/tracing-env.ts'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .default(fallback)

/** `1`/`true` or `0`/`false`. */
const flag = (fallback = false) =>
  z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
    .transform((value) => value === '1' || value === 'true')
    .default(fallback)

/** `https://cdn.example.com` (a trailing slash is tolerated), or null for anything with a path, query or credentials. */
function toOrigin(text: string): string | null {
  try {
    const url = new URL(text)
    const bare =
      url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === ''
    return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null
  } catch {
    return null
  }
}

/** A comma-separated list of http(s) origins; each one that is not is reported. */
const originList = (example: string) =>
  z
    .string()
    .transform((value, context) => {
      const origins: string[] = []
      for (const item of value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const origin = toOrigin(item)
        if (origin === null)
          context.addIssue({
            code: 'custom',
            message: `${JSON.stringify(item)} is not an http(s) origin such as ${example}`,
          })
        else origins.push(origin)
      }
      return origins
    })
    .default([])

/** An http(s) API base URL (a path allowed), without credentials, query or fragment. */
const apiBaseUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .refine((text) => {
      try {
        const url = new URL(text)
        return /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.search && !url.hash
      } catch {
        return false
      }
    }, 'must be an http(s) URL without credentials, query or fragment')
    .default(fallback)

/** A credential sent in a header: printable ASCII without spaces. Its value is never repeated in an error. */
const headerToken = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,1024}$/, 'must be printable ASCII without spaces (an API token)')
  .optional()

/**
 * A sign-in limit, `<per address>/<per e-mail>/<window in seconds>` (`10/5/3600`); 0 attempts
 * turns that count off.
 */
const rateLimit = (fallback: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}\/\d{1,7}\/\d{1,6}$/, 'must be <per address>/<per e-mail>/<seconds>, such as 10/5/3600')
    .transform((text) => {
      const [perAddress = 0, perEmail = 0, seconds = 0] = text.split('/').map(Number)
      return { perAddress, perEmail, seconds }
    })
    .refine(({ seconds }) => seconds >= 1 && seconds <= 86_400, 'the window must be 1 to 86400 seconds')
    .default(() => {
      const [perAddress = 0, perEmail = 0, seconds = 0] = fallback.split('/').map(Number)
      return { perAddress, perEmail, seconds }
    })

const envSchema = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  // /healthz, /readyz, /metrics and /_internal/purge on a port of their own (and not on PORT); unset: on PORT.
  ADMIN_PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(65535, 'must be at most 65535'))
    .optional(),
  API_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONFIG_TTL_MS: integer(60_000, 0, 86_400_000),
  CONFIG_STALE_MS: integer(600_000, 0, 604_800_000),
  CONFIG_CACHE_MAX: integer(5000, 1, 10_000_000),
  CONFIG_CACHE_MAX_BYTES: integer(16 * 1024 * 1024, 1024, 64 * 1024 * 1024 * 1024),
  NEGATIVE_TTL_MS: integer(10_000, 0, 86_400_000),
  PAGE_TTL_MS: integer(30_000, 0, 86_400_000),
  UPSTREAM_TIMEOUT_MS: integer(5000, 1, 600_000),
  RENDER_TIMEOUT_MS: integer(5000, 1, 600_000),
  IMAGE_OPTIMIZER: flag(true),
  IMAGE_ALLOWED_ORIGINS: originList('https://cdn.example.com'),
  IMAGE_TIMEOUT_MS: integer(5000, 1, 600_000),
  IMAGE_MAX_SOURCE_BYTES: integer(15 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  IMAGE_CACHE_MAX_BYTES: integer(128 * 1024 * 1024, 0, 64 * 1024 * 1024 * 1024),
  IMAGE_CACHE_DIR: z.string().trim().min(1).optional(),
  IMAGE_CACHE_DIR_MAX_BYTES: integer(1024 * 1024 * 1024, 1024 * 1024, 1024 * 1024 * 1024 * 1024),
  IMAGE_AVIF: flag(true),
  // Source fetches run apart from the encodes, bounded per origin and (outside the allowed origins) together.
  IMAGE_FETCH_PER_ORIGIN: integer(4, 1, 1000),
  IMAGE_FETCH_PER_ORIGIN_QUEUE: integer(32, 0, 100_000),
  IMAGE_FETCH_CONCURRENCY: integer(16, 1, 10_000),
  IMAGE_FETCH_QUEUE: integer(64, 0, 100_000),
  IMAGE_ENCODE_CONCURRENCY: integer(4, 1, 256),
  IMAGE_ENCODE_QUEUE: integer(32, 0, 100_000),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  // Or Sentinels that watch a primary and fail over (docs/operations.md "Sentinel and Cluster"), by name,
  REDIS_SENTINELS: redisNodeList,
  REDIS_SENTINEL_NAME: redisSentinelName,
  REDIS_SENTINEL_PASSWORD: redisSecret,
  // or a Redis Cluster by some of its nodes; the data nodes' password with either.
  REDIS_CLUSTER_NODES: redisNodeList,
  REDIS_PASSWORD: redisSecret,
  // What every key starts with: fleets with different prefixes share one Redis without meeting.
  REDIS_KEY_PREFIX: redisKeyPrefix,
  // Replicas that must hold a purge before it counts as shared (redis-purge-stream.ts): a failover then keeps it.
  REDIS_PURGE_REPLICAS: integer(0, 0, 10),
  // Loads of a key in the fleet before its page or upstream answer is stored in Redis (shared-admission.ts).
  REDIS_ADMIT_AFTER: integer(2, 1, 2),
  // The least time between a key's first load in the fleet and the load that stores it (shared-admission.ts); default its fresh time.
  REDIS_ADMIT_GAP_MS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().max(300_000, 'must be at most 300000'))
    .optional(),
  PURGE_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  // What an instance does with what it holds when it may have missed purges (purge-follower.ts).
  PURGE_GAP: z.enum(['stale', 'drop'], { error: 'must be stale or drop' }).default('stale'),
  CDN_PURGE_TIMEOUT_MS: integer(10_000, 100, 600_000),
  // Calls one purge makes at one CDN before it is widened to the tenant's hosts (cdn/call-plan.ts).
  CDN_PURGE_MAX_CALLS: integer(32, 1, 1000),
  // Calls a minute to Cloudflare and Fastly from this instance, all purges together (cdn/call-rate.ts).
  CDN_PURGE_CALLS_PER_MINUTE: integer(60, 1, 100_000),
  VARNISH_PURGE_URLS: originList('http://varnish:6081'),
  CLOUDFLARE_ZONE_ID: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/i, 'must be a zone ID (32 hexadecimal characters)')
    .optional(),
  CLOUDFLARE_API_TOKEN: headerToken,
  CLOUDFLARE_API_URL: apiBaseUrl('https://api.cloudflare.com/client/v4'),
  FASTLY_SERVICE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,64}$/, 'must be a service ID (letters and digits)')
    .optional(),
  FASTLY_API_TOKEN: headerToken,
  FASTLY_API_URL: apiBaseUrl('https://api.fastly.com'),
  HTML_CACHE_TTL_MS: integer(10_000, 0, 86_400_000),
  HTML_CACHE_STALE_MS: integer(3_600_000, 0, 604_800_000),
  HTML_CACHE_MAX_BYTES: integer(32 * 1024 * 1024, 0, 64 * 1024 * 1024 * 1024),
  CANONICAL_SCHEME: z.enum(['https', 'http'], { error: 'must be https or http' }).default('https'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  NODE_ENV: z.string().trim().default('development'),
  /** With NODE_ENV=production the embedded demo API only starts when asked for explicitly. */
  DEMO_API: flag(),
  SHUTDOWN_DELAY_MS: integer(5000, 0, 600_000),
  SHUTDOWN_TIMEOUT_MS: integer(25_000, 1, 3_600_000),
  // Above common load-balancer idle timeouts (60 s), so the balancer always closes an idle socket first.
  KEEP_ALIVE_TIMEOUT_MS: integer(65_000, 1, 3_600_000),
  HEADERS_TIMEOUT_MS: integer(66_000, 1, 3_600_000),
  REQUEST_TIMEOUT_MS: integer(300_000, 0, 3_600_000),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  HTML_S_MAXAGE: integer(10, 0, 31_536_000),
  // Trusted proxy hops in front of the instance (http/trusted-forwarding.ts); 0: none.
  TRUST_PROXY: integer(0, 0, 10),
  TRUST_FORWARDED_HOST: flag(),
  // Server-Timing with the time to the shell on every answer (docs/operations.md "Logs"); off by default.
  SERVER_TIMING: flag(),
  HSTS: flag(),
  BODY_LIMIT_BYTES: integer(DEFAULT_BODY_LIMIT_BYTES, 1, 1_073_741_824),
  // Sign-in limits (docs/security.md "Sign-in limits"): verification mails sent,
  RATE_LIMIT_SEND_CODE: rateLimit('10/5/3600'),
  // password sign-ins (and Google sign-ins, by address only),
  RATE_LIMIT_LOGIN: rateLimit('20/10/900'),
  // and codes checked by sign-up and password reset.
  RATE_LIMIT_CODE_CHECK: rateLimit('20/10/3600'),
  // OpenTelemetry's own variables: traces go to an OTLP/HTTP endpoint when one is set (docs/operations.md "Traces").
  ...tracingEnvShape,
})

/** The server's configuration, parsed from the environment once at start. */
export type Env = z.infer<typeof envSchema>

/** Names and defaults of every variable, for documentation and tests. */
export const ENV_NAMES = Object.keys(envSchema.shape) as (keyof Env)[]

/**
 * Parses the environment. Every invalid variable is reported together (STYLE.md convention 5), so
 * an operator fixes them in one go rather than one restart at a time.
 */
export function parseEnv(
  raw: Record<string, string | undefined>,
): { ok: true; env: Env } | { ok: false; errors: string[] } {
  const input: Record<string, string> = {}
  for (const name of ENV_NAMES) {
    const value = raw[name]
    if (value !== undefined && !(value === '' && name !== 'API_BASE_URL')) input[name] = value
  }
  const result = envSchema.safeParse(input)
  const errors = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)
  if (result.success) errors.push(...crossChecks(result.data, input))
  if (result.success && errors.length === 0) return { ok: true, env: result.data }
  return { ok: false, errors }
}

/** Rules that involve more than one variable; `given` holds the variables set (defaults aside). */
function crossChecks(env: Env, given: Record<string, string>): string[] {
  const errors: string[] = []
  if (env.NODE_ENV === 'production' && env.API_BASE_URL === undefined && !env.DEMO_API) {
    errors.push(
      'API_BASE_URL: must be set when NODE_ENV=production (set DEMO_API=1 to serve the embedded demo API instead)',
    )
  }
  // Node requires it; and a request that may take longer than its headers' own deadline is a typo.
  if (env.REQUEST_TIMEOUT_MS > 0 && env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
    errors.push('HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS')
  }
  // Otherwise a socket idle just under the keep-alive timeout could be cut while its next request's headers arrive.
  if (env.HEADERS_TIMEOUT_MS <= env.KEEP_ALIVE_TIMEOUT_MS)
    errors.push('HEADERS_TIMEOUT_MS: must be greater than KEEP_ALIVE_TIMEOUT_MS')
  if (env.ADMIN_PORT !== undefined && env.ADMIN_PORT === env.PORT)
    errors.push('ADMIN_PORT: must differ from PORT (the operations endpoints leave the public port)')
  if (env.SHUTDOWN_DELAY_MS >= env.SHUTDOWN_TIMEOUT_MS)
    errors.push('SHUTDOWN_DELAY_MS: must be less than SHUTDOWN_TIMEOUT_MS')
  // A stale window only exists behind a fresh one: with caching off it would be a setting that does nothing.
  if (env.HTML_CACHE_TTL_MS === 0 && given.HTML_CACHE_STALE_MS !== undefined && env.HTML_CACHE_STALE_MS > 0) {
    errors.push('HTML_CACHE_STALE_MS: needs HTML_CACHE_TTL_MS above 0 (the HTML cache is off)')
  }
  // The host a proxy reports is believed only from a trusted proxy.
  if (env.TRUST_FORWARDED_HOST && env.TRUST_PROXY === 0)
    errors.push('TRUST_FORWARDED_HOST: needs TRUST_PROXY of 1 or more (the proxy that reports the host)')
  // A CDN is forwarded purges only with both its account and its credential.
  for (const [id, token] of [
    ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
    ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'],
  ] as const) {
    if ((env[id] === undefined) !== (env[token] === undefined)) errors.push(`${id}, ${token}: set both or neither`)
  }
  errors.push(...redisCrossChecks(env))
  return errors
}
