import { z } from 'zod'

/** The samplers OpenTelemetry's OTEL_TRACES_SAMPLER names (its SDK environment specification). */
export const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const

const httpUrl = z
  .string()
  .trim()
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), 'must be an http(s) URL')

/**
 * OpenTelemetry's own variables (its SDK environment variable specification), those this server
 * reads: tracing is on exactly when an endpoint is set.
 */
export const tracingEnvShape = {
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .enum(['http/protobuf', 'http/json'], { error: 'must be http/protobuf or http/json (gRPC is not supported)' })
    .default('http/protobuf'),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('tenant-sites'),
  OTEL_TRACES_SAMPLER: z
    .enum(SAMPLERS, { error: `must be one of ${SAMPLERS.join(', ')}` })
    .default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z
    .string()
    .trim()
    .transform(Number)
    .pipe(z.number({ error: 'must be a number' }).min(0, 'must be 0 to 1').max(1, 'must be 0 to 1'))
    .optional(),
  OTEL_RESOURCE_ATTRIBUTES: z
    .string()
    .transform((text, context) => {
      const attributes = parseResourceAttributes(text)
      if (attributes === null) context.addIssue({ code: 'custom', message: 'must be key=value pairs, comma-separated' })
      return attributes ?? {}
    })
    .default({}),
}

type TracingEnv = z.infer<z.ZodObject<typeof tracingEnvShape>>

/** What the OpenTelemetry runtime is built from. */
export interface TracingConfig {
  /** Where spans are posted: the traces endpoint as set, or the base endpoint's `v1/traces`. */
  url: string
  protocol: 'http/protobuf' | 'http/json'
  sampler: (typeof SAMPLERS)[number]
  /** The ratio of the `traceidratio` samplers; 1 when unset. */
  ratio: number
  /** The resource: `service.name`, `service.version` and the operator's attributes. */
  resource: Record<string, string>
}

/** The tracing configuration, or null when no endpoint is set (tracing off). */
export function toTracingConfig(env: TracingEnv, serviceVersion: string): TracingConfig | null {
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? tracesUrlOf(env.OTEL_EXPORTER_OTLP_ENDPOINT)
  if (url === undefined) return null
  return {
    url,
    protocol: env.OTEL_EXPORTER_OTLP_PROTOCOL,
    sampler: env.OTEL_TRACES_SAMPLER,
    ratio: env.OTEL_TRACES_SAMPLER_ARG ?? 1,
    resource: {
      'service.version': serviceVersion,
      ...env.OTEL_RESOURCE_ATTRIBUTES,
      // The specification gives OTEL_SERVICE_NAME precedence over a service.name among the attributes.
      'service.name': env.OTEL_SERVICE_NAME,
    },
  }
}

/** The base endpoint's signal path, as the OTLP exporter specification builds it. */
function tracesUrlOf(base: string | undefined): string | undefined {
  if (base === undefined) return undefined
  return `${base.endsWith('/') ? base : `${base}/`}v1/traces`
}

/** `key=value,key2=value2` (values percent-encoded, as the W3C Baggage format), or null when malformed. */
export function parseResourceAttributes(text: string): Record<string, string> | null {
  const attributes: Record<string, string> = {}
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue
    const at = pair.indexOf('=')
    const key = pair.slice(0, at).trim()
    if (at < 1 || key === '') return null
    try {
      attributes[key] = decodeURIComponent(pair.slice(at + 1).trim())
    } catch {
      return null
    }
  }
  return attributes
}
