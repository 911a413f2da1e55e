import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAllDocuments, parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { ENV_NAMES, parseEnv } from '../server/env.ts'
import { startTestSite, type TestSite } from './harness.ts'

// docs/deploy/compose.yaml and docs/deploy/k8s/ cannot run here (no Docker engine, no cluster):
// what can be checked against the code is, each file as shipped.

const deploy = path.resolve(import.meta.dirname, '..', 'docs', 'deploy')
const read = (file: string) => readFileSync(path.join(deploy, file), 'utf8')

/** SHUTDOWN_TIMEOUT_MS as the instances parse it, from the variables a file sets. */
function shutdownTimeoutMs(env: Record<string, string>): number {
  const parsed = parseEnv(env)
  if (!parsed.ok) throw new Error(parsed.errors.join('; '))
  return parsed.env.SHUTDOWN_TIMEOUT_MS
}

/** What the instances make of the variables a file sets: unknown names and invalid values. */
function instanceEnvProblems(env: Record<string, string>): string[] {
  const known = new Set<string>(ENV_NAMES)
  const unknown = Object.keys(env)
    .filter((name) => !known.has(name))
    .map((name) => `${name}: not a variable server/env.ts parses`)
  const parsed = parseEnv(env)
  return [...unknown, ...(parsed.ok ? [] : parsed.errors)]
}

const stringMap = z.record(z.string(), z.string())
const composeSchema = z.object({
  services: z.record(
    z.string(),
    z.object({
      environment: stringMap.optional(),
      volumes: z.array(z.string()).optional(),
      build: z.object({ context: z.string() }).optional(),
      stop_grace_period: z.string().optional(),
      network_mode: z.string().optional(),
      ports: z.array(z.string()).optional(),
    }),
  ),
})

const compose = composeSchema.parse(parseYaml(read('compose.yaml'), { merge: true }))
const instances = Object.entries(compose.services).filter(([name]) => name.startsWith('instance-'))

/** The Kubernetes objects of docs/deploy/k8s/, by kind. */
const manifests = readdirSync(path.join(deploy, 'k8s'))
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(read(path.join('k8s', file))).map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.join('; ')}`)
      return z.object({ kind: z.string() }).passthrough().parse(document.toJSON())
    }),
  )
const ofKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind)

const probeSchema = z.object({ httpGet: z.object({ path: z.string(), port: z.union([z.string(), z.number()]) }) })
const containerSchema = z.object({
  ports: z.array(z.object({ name: z.string(), containerPort: z.number() })),
  env: z.array(
    z.union([
      z.object({ name: z.string(), value: z.string() }),
      z.object({
        name: z.string(),
        valueFrom: z.object({ secretKeyRef: z.object({ name: z.string(), key: z.string() }) }),
      }),
    ]),
  ),
  resources: z.object({
    requests: z.object({ cpu: z.string(), memory: z.string() }),
    limits: z.object({ memory: z.string() }),
  }),
  livenessProbe: probeSchema,
  readinessProbe: probeSchema,
  startupProbe: probeSchema.optional(),
})
const labels = z.record(z.string(), z.string())
const deploymentSchema = z.object({
  spec: z.object({
    selector: z.object({ matchLabels: labels }),
    template: z.object({
      metadata: z.object({ labels }),
      spec: z.object({ terminationGracePeriodSeconds: z.number(), containers: z.array(containerSchema).length(1) }),
    }),
  }),
})
const [deployment] = ofKind('Deployment').map((manifest) => deploymentSchema.parse(manifest))
const container = deployment?.spec.template.spec.containers[0]
/** The container's variables with a value (a secret's stands in as a placeholder of its rule's length). */
const k8sEnv = Object.fromEntries(
  (container?.env ?? []).map((variable) => [variable.name, 'value' in variable ? variable.value : 'x'.repeat(32)]),
)

describe('docs/deploy/compose.yaml', () => {
  it('runs Caddy, Varnish, HAProxy, two instances, Redis and the demo API', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['caddy', 'demo-api', 'haproxy', 'instance-1', 'instance-2', 'redis', 'varnish'].sort(),
    )
  })

  it('sets the instances only variables the server parses, with values it takes', () => {
    expect(instances).toHaveLength(2)
    for (const [name, service] of instances)
      expect(`${name}: ${instanceEnvProblems(service.environment ?? {}).join('; ')}`).toBe(`${name}: `)
  })

  it('gives the instances a grace period above SHUTDOWN_TIMEOUT_MS', () => {
    for (const [name, service] of instances) {
      const grace = /^(\d+)s$/.exec(service.stop_grace_period ?? '')?.[1]
      expect(Number(grace) * 1000, name).toBeGreaterThan(shutdownTimeoutMs(service.environment ?? {}))
    }
  })

  it('mounts config files that exist, and sets the daemons only variables those files read', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const mounted = (service.volumes ?? [])
        .map((volume) => volume.split(':')[0] ?? '')
        .filter((source) => source.startsWith('.'))
      for (const source of mounted)
        expect(`${name} ${source} ${existsSync(path.join(deploy, source))}`).toMatch(/ true$/)
      if (name.startsWith('instance-') || mounted.length === 0) continue
      const config = mounted.map((source) => readFileSync(path.join(deploy, source), 'utf8')).join('\n')
      for (const variable of Object.keys(service.environment ?? {}))
        expect(
          `${name} reads ${variable}: ${config.includes(`{$${variable}`) || config.includes(`\${${variable}`)}`,
        ).toBe(`${name} reads ${variable}: true`)
    }
    for (const service of Object.values(compose.services))
      if (service.build) expect(existsSync(path.join(deploy, service.build.context, 'Dockerfile'))).toBe(true)
  })

  it("points HAProxy at the instances' PORT and Caddy's ask at their ADMIN_PORT", () => {
    const [[, first]] = instances as [[string, (typeof instances)[number][1]]]
    const env = first.environment ?? {}
    const haproxy = compose.services.haproxy?.environment ?? {}
    expect([haproxy.INSTANCE_1, haproxy.INSTANCE_2]).toEqual([`instance-1:${env.PORT}`, `instance-2:${env.PORT}`])
    // The shipped VCL's backend is HAProxy in its own network namespace.
    expect(compose.services.varnish?.network_mode).toBe('service:haproxy')
    expect(read('varnish.vcl')).toContain(`.port = "${haproxy.LISTEN?.replace(/^.*:/, '')}"`)
    const ask = new URL(compose.services.caddy?.environment?.TLS_ASK_URL ?? '')
    expect(ask.port).toBe(env.ADMIN_PORT)
    expect(ask.pathname).toBe('/_internal/tls-ask')
  })
})

describe('docs/deploy/k8s/', () => {
  it('holds a Deployment, a Service and a PodDisruptionBudget', () => {
    expect(manifests.map((manifest) => manifest.kind).sort()).toEqual(['Deployment', 'PodDisruptionBudget', 'Service'])
    expect(container).toBeDefined()
  })

  it('sets only variables the server parses, with values it takes', () => {
    expect(instanceEnvProblems(k8sEnv)).toEqual([])
  })

  it('gives the pods a grace period above SHUTDOWN_TIMEOUT_MS and the memory docs/operations.md measured', () => {
    expect((deployment?.spec.template.spec.terminationGracePeriodSeconds ?? 0) * 1000).toBeGreaterThan(
      shutdownTimeoutMs(k8sEnv),
    )
    expect(readFileSync(path.resolve(deploy, '..', 'operations.md'), 'utf8')).toMatch(/stays within 512 MiB of RSS/)
    expect(container?.resources.requests.memory).toBe('512Mi')
  })

  it('names the PORT and ADMIN_PORT the server listens on, and probes the admin port', () => {
    const ports = Object.fromEntries((container?.ports ?? []).map((port) => [port.name, String(port.containerPort)]))
    expect(ports).toEqual({ http: k8sEnv.PORT, admin: k8sEnv.ADMIN_PORT })
    for (const probe of [container?.livenessProbe, container?.readinessProbe, container?.startupProbe])
      if (probe) expect(probe.httpGet.port).toBe('admin')
  })

  it('selects the Deployment’s pods from the Service and the PodDisruptionBudget', () => {
    const podLabels = deployment?.spec.template.metadata.labels ?? {}
    expect(podLabels).toMatchObject(deployment?.spec.selector.matchLabels ?? { none: 'none' })
    const service = z
      .object({ spec: z.object({ selector: labels, ports: z.array(z.object({ targetPort: z.string() })) }) })
      .parse(ofKind('Service')[0])
    expect(podLabels).toMatchObject(service.spec.selector)
    const named = new Set((container?.ports ?? []).map((port) => port.name))
    for (const port of service.spec.ports) expect(named.has(port.targetPort)).toBe(true)
    const budget = z
      .object({ spec: z.object({ selector: z.object({ matchLabels: labels }) }) })
      .parse(ofKind('PodDisruptionBudget')[0])
    expect(podLabels).toMatchObject(budget.spec.selector.matchLabels)
  })
})

describe('the probe and ask paths the files name', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({ app: { operationsApart: true } })
  })
  afterAll(() => site.close())

  it('are answered by the operations port, and not as an unknown path', async () => {
    const operations = site.app.operations
    if (operations === undefined) throw new Error('operationsApart gives the app its operations app')
    const paths = [container?.livenessProbe, container?.readinessProbe, container?.startupProbe].flatMap((probe) =>
      probe ? [probe.httpGet.path] : [],
    )
    paths.push(new URL(compose.services.caddy?.environment?.TLS_ASK_URL ?? '').pathname)
    for (const pathname of new Set(paths)) {
      const response = await operations.request(`http://instance${pathname}`)
      expect(`${pathname} ${response.status === 404 ? 'unknown' : 'answered'}`).toBe(`${pathname} answered`)
    }
  })
})
