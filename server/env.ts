import { z } from 'zod'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .default(fallback)

const flag = (fallback: boolean) =>
  z.enum(['0', '1'], { error: 'must be 0 or 1' }).transform((value) => value === '1').default(fallback)

/** `https://cdn.example.com` (a trailing slash is tolerated), or null for anything with a path, query or credentials. */
function toOrigin(text: string): string | null {
  try {
    const url = new URL(text)
    const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === ''
    return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null
  } catch {
    return null
  }
}

const envSchema = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  API_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONFIG_TTL_MS: integer(60_000, 0, 86_400_000),
  CONFIG_STALE_MS: integer(600_000, 0, 604_800_000),
  CONFIG_CACHE_MAX: integer(5000, 1, 10_000_000),
  NEGATIVE_TTL_MS: integer(10_000, 0, 86_400_000),
  PAGE_TTL_MS: integer(30_000, 0, 86_400_000),
  UPSTREAM_TIMEOUT_MS: integer(5000, 1, 600_000),
  RENDER_TIMEOUT_MS: integer(5000, 1, 600_000),
  IMAGE_OPTIMIZER: flag(true),
  IMAGE_ALLOWED_ORIGINS: z
    .string()
    .transform((value, context) => {
      const origins: string[] = []
      for (const item of value.split(',').map((part) => part.trim()).filter(Boolean)) {
        const origin = toOrigin(item)
        if (origin === null) context.addIssue({ code: 'custom', message: `${JSON.stringify(item)} is not an http(s) origin such as https://cdn.example.com` })
        else origins.push(origin)
      }
      return origins
    })
    .default([]),
  IMAGE_TIMEOUT_MS: integer(5000, 1, 600_000),
  IMAGE_MAX_SOURCE_BYTES: integer(15 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  IMAGE_CACHE_MAX_BYTES: integer(128 * 1024 * 1024, 0, 64 * 1024 * 1024 * 1024),
  IMAGE_CACHE_DIR: z.string().trim().min(1).optional(),
  IMAGE_AVIF: flag(true),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
})

/** The server's configuration, parsed from the environment once at start. */
export type Env = z.infer<typeof envSchema>

/** Names and defaults of every variable, for documentation and tests. */
export const ENV_NAMES = Object.keys(envSchema.shape) as (keyof Env)[]

/**
 * Parses the environment. Every invalid variable is reported together (STYLE.md convention 5), so
 * an operator fixes them in one go rather than one restart at a time.
 */
export function parseEnv(raw: Record<string, string | undefined>): { ok: true; env: Env } | { ok: false; errors: string[] } {
  const input: Record<string, string> = {}
  for (const name of ENV_NAMES) {
    const value = raw[name]
    if (value !== undefined && !(value === '' && name !== 'API_BASE_URL')) input[name] = value
  }
  const result = envSchema.safeParse(input)
  if (result.success) return { ok: true, env: result.data }
  const errors = result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)
  return { ok: false, errors }
}
