import { describe, expect, it } from 'vitest'
import { parseEnv } from '../env.ts'
import { parseResourceAttributes, toTracingConfig } from './tracing-env.ts'

function configOf(variables: Record<string, string>) {
  const parsed = parseEnv(variables)
  if (!parsed.ok) throw new Error(parsed.errors.join('; '))
  return toTracingConfig(parsed.env, '1.2.3')
}

describe('the OpenTelemetry variables', () => {
  it.each([
    [{}, null],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 'http://collector:4318/v1/traces'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector/otlp/' }, 'https://collector/otlp/v1/traces'],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/custom' }, 'http://collector:4318/custom'],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://base:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:4318/t' },
      'http://traces:4318/t',
    ],
  ])('%j: traces go to %s (none: tracing off)', (variables, url) => {
    expect(configOf(variables)?.url ?? null).toBe(url)
  })

  it('reads the protocol, sampler and resource, OTEL_SERVICE_NAME first', () => {
    expect(
      configOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
        OTEL_SERVICE_NAME: 'sites-eu',
        OTEL_RESOURCE_ATTRIBUTES: 'service.name=ignored,deployment.environment=prod,team=web%20front',
      }),
    ).toEqual({
      url: 'http://collector:4318/v1/traces',
      protocol: 'http/json',
      sampler: 'parentbased_traceidratio',
      ratio: 0.25,
      resource: {
        'service.name': 'sites-eu',
        'service.version': '1.2.3',
        'deployment.environment': 'prod',
        team: 'web front',
      },
    })
  })

  it('defaults to protobuf, parent-based always-on sampling and the service name tenant-sites', () => {
    expect(configOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toMatchObject({
      protocol: 'http/protobuf',
      sampler: 'parentbased_always_on',
      ratio: 1,
      resource: { 'service.name': 'tenant-sites' },
    })
  })

  it('reports every bad variable at once', () => {
    const parsed = parseEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_TRACES_SAMPLER: 'sometimes',
      OTEL_TRACES_SAMPLER_ARG: '2',
      OTEL_RESOURCE_ATTRIBUTES: '=nokey',
    })
    expect(!parsed.ok && parsed.errors.map((error) => error.split(':')[0]).sort()).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_EXPORTER_OTLP_PROTOCOL',
      'OTEL_RESOURCE_ATTRIBUTES',
      'OTEL_TRACES_SAMPLER',
      'OTEL_TRACES_SAMPLER_ARG',
    ])
  })

  it.each([
    ['a=1,b=2', { a: '1', b: '2' }],
    [' a = x%2Cy , ', { a: 'x,y' }],
    ['', {}],
    ['novalue', null],
    ['a=%E0%A4%A', null],
  ])('resource attributes %j: %j', (text, expected) => {
    expect(parseResourceAttributes(text)).toEqual(expected)
  })
})
