import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../test/loopback-ports.ts'
import { rawConnection } from '../test/raw-http.ts'
import { startDemoUpstream, startServerProcess, type ServerProcess } from '../test/server-process.ts'

const root = path.resolve(import.meta.dirname, '..')
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8')

/** The Dockerfile's HEALTHCHECK command, as Docker runs it in the container (exec form). */
function healthCommand(): string[] {
  const exec = /^HEALTHCHECK [^\n]*\\\n\s*CMD (\[.*\])$/m.exec(dockerfile)?.[1]
  if (exec === undefined) throw new Error('the Dockerfile has no HEALTHCHECK … CMD ["node", …] on two lines')
  const command = JSON.parse(exec) as string[]
  expect(command[0]).toBe('node')
  return command
}

/** Runs the HEALTHCHECK command in `cwd` with the container's environment `env`; its exit code. */
async function runHealthCheck(cwd: string, env: Record<string, string>): Promise<number | null> {
  const [, ...args] = healthCommand()
  const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' })
  const [code] = (await once(child, 'exit')) as [number | null]
  return code
}

describe('the image as the Dockerfile and .dockerignore describe it', () => {
  it('copies the code as root-owned and runs it as node', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
    expect(runtime).toMatch(/^COPY /m)
    expect(runtime).not.toMatch(/--chown/)
    expect(runtime).toMatch(/^USER node$/m)
  })

  it('leaves what a checkout has besides the sources out of the build context', () => {
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
    for (const entry of ['node_modules', 'dist', '.git', 'coverage', 'test-results', '**/*.log', '**/*.cpuprofile'])
      expect(ignored).toContain(entry)
    // The build stage's inputs stay in (bench output is written under dist/).
    for (const input of [
      'package.json',
      'package-lock.json',
      'build.mjs',
      'build',
      'tsconfig.json',
      'server',
      'client',
      'shared',
    ])
      expect(ignored.filter((pattern) => input === pattern || input.startsWith(`${pattern}/`))).toEqual([])
  })
})

/** Makes a folder tree readable (and its folders enterable) by everyone, as the image's COPY does. */
function openUp(folder: string): void {
  chmodSync(folder, 0o755)
  for (const name of readdirSync(folder)) {
    const entry = path.join(folder, name)
    const stats = statSync(entry, { throwIfNoEntry: false })
    if (stats?.isDirectory()) openUp(entry)
    else if (stats?.isFile()) chmodSync(entry, stats.mode | 0o444)
  }
}

/**
 * The runtime stage of the Dockerfile, rebuilt without a Docker engine: `dist/` from a full build,
 * `package.json`, and production dependencies from `npm ci --omit=dev`, in a folder of its own;
 * then `node dist/server/index.js` as an unprivileged user against a stub upstream. Slow (an npm
 * install), so bounded by its own timeouts.
 */
describe('the Docker runtime stage', { timeout: 300_000 }, () => {
  let app: string
  let upstream: Awaited<ReturnType<typeof startDemoUpstream>> | undefined
  let server: ServerProcess | undefined
  beforeAll(() => {
    app = mkdtempSync(path.join(os.tmpdir(), 'tenant-sites-image-'))
    execFileSync(process.execPath, [path.join(root, 'build.mjs'), `--out=${path.join(app, 'dist')}`], {
      cwd: root,
      stdio: 'pipe',
      timeout: 120_000,
    })
    copyFileSync(path.join(root, 'package.json'), path.join(app, 'package.json'))
    copyFileSync(path.join(root, 'package-lock.json'), path.join(app, 'package-lock.json'))
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: app,
      stdio: 'pipe',
      timeout: 240_000,
    })
    openUp(app)
  }, 300_000)
  afterAll(async () => {
    server?.child.kill('SIGKILL')
    upstream?.close()
    rmSync(app, { recursive: true, force: true })
  })

  it('holds only production dependencies', () => {
    expect(existsSync(path.join(app, 'node_modules', 'react'))).toBe(true)
    for (const devOnly of ['vitest', 'esbuild', 'playwright-core', 'supertest'])
      expect(existsSync(path.join(app, 'node_modules', devOnly))).toBe(false)
  })

  it('starts as a non-root user and answers /healthz, /readyz and a page', async () => {
    // The demo API as the stub upstream, served by the test process.
    upstream = await startDemoUpstream()
    const upstreamUrl = upstream.url
    const asRoot = process.getuid?.() === 0
    // Root here: drop to nobody the way the image's USER line does; otherwise already unprivileged.
    const command = asRoot
      ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, 'dist/server/index.js']
      : [process.execPath, 'dist/server/index.js']
    server = await startServerProcess(
      '',
      { NODE_ENV: 'production', API_BASE_URL: `${upstreamUrl}/`, HOME: '/nonexistent' },
      { cwd: app, command },
    )
    const uid = Number(
      execFileSync('ps', ['-o', 'uid=', '-p', String(server.child.pid)])
        .toString()
        .trim(),
    )
    if (asRoot) expect(uid).toBe(65534)
    expect(uid).not.toBe(0)

    const connection = await rawConnection(server.port)
    expect((await connection.get('/healthz')).status).toBe(200)
    // Ready once the readiness probe reached the upstream (the test's demo API).
    for (let ready = false; !ready; ) {
      ready = (await connection.get('/readyz')).status === 200
      if (!ready) await new Promise((resolve) => setImmediate(resolve))
    }
    const page = await connection.get('/res/hot', { cookie: 'lang=zh', 'accept-encoding': 'br' })
    expect(page.status).toBe(200)
    expect(page.headers['content-encoding']).toBe('br')
    const asset = /\/assets\/entry-client-[\w]+\.js/.exec(
      execFileSync('cat', [path.join(app, 'dist', 'client', 'manifest.json')]).toString(),
    )![0]
    const script = await connection.get(asset, { 'accept-encoding': 'br' })
    expect(script.status).toBe(200)
    expect(script.headers['content-encoding']).toBe('br')
    connection.destroy()
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })

  it('is healthy by its HEALTHCHECK while /healthz answers, on ADMIN_PORT when set, else on PORT', async () => {
    const asRoot = process.getuid?.() === 0
    const command = asRoot
      ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, 'dist/server/index.js']
      : [process.execPath, 'dist/server/index.js']
    const [port, adminPort] = [await freePort(), await freePort()]
    const environment = { NODE_ENV: 'production', DEMO_API: '1', HOME: '/nonexistent', PORT: String(port) }
    const plain = await startServerProcess('', environment, { cwd: app, command })
    try {
      expect(await runHealthCheck(app, { PORT: String(port) })).toBe(0)
    } finally {
      plain.child.kill('SIGTERM')
      await plain.exited
    }
    // Gone: nothing answers.
    expect(await runHealthCheck(app, { PORT: String(port) })).toBe(1)

    const apart = await startServerProcess('', { ...environment, ADMIN_PORT: String(adminPort) }, { cwd: app, command })
    try {
      expect(await runHealthCheck(app, { PORT: String(port), ADMIN_PORT: String(adminPort) })).toBe(0)
      // The public port has no /healthz then (404): a check that did not follow ADMIN_PORT would fail.
      expect(await runHealthCheck(app, { PORT: String(port) })).toBe(1)
    } finally {
      apart.child.kill('SIGTERM')
      await apart.exited
    }

    // A server that takes the connection and never answers is unhealthy within the check's own 2 s.
    const silent = createServer(() => {})
    silent.listen(adminPort, '127.0.0.1')
    await once(silent, 'listening')
    try {
      const started = performance.now()
      expect(await runHealthCheck(app, { PORT: String(port), ADMIN_PORT: String(adminPort) })).toBe(1)
      expect(performance.now() - started).toBeLessThan(3000)
    } finally {
      silent.close()
      silent.unref()
    }
  })

  it('serves the embedded demo with its media files from dist/ alone', async () => {
    const asRoot = process.getuid?.() === 0
    const command = asRoot
      ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, 'dist/server/index.js']
      : [process.execPath, 'dist/server/index.js']
    const demo = await startServerProcess(
      '',
      { NODE_ENV: 'production', DEMO_API: '1', HOME: '/nonexistent' },
      { cwd: app, command },
    )
    try {
      const connection = await rawConnection(demo.port)
      const home = await connection.get('/', { host: 'res.localhost', cookie: 'lang=zh' })
      expect(home.status).toBe(200)
      const html = home.body.toString()
      expect(html).not.toMatch(/data:image/)
      // A raster picture through the image endpoint, and an SVG icon straight from the demo API.
      const optimised = /src="(\/_img\/[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&')
      expect(optimised).toBeDefined()
      const picture = await connection.get(optimised!, { host: 'res.localhost', accept: 'image/webp' })
      expect(picture.status).toBe(200)
      expect(picture.headers['content-type']).toBe('image/webp')
      connection.destroy()
      const icon = /"(http:\/\/127\.0\.0\.1:\d+\/media\/icon\/[^"]+\.svg)"/.exec(html)?.[1]
      expect(icon).toBeDefined()
      const answer = await fetch(icon!)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    } finally {
      demo.child.kill('SIGTERM')
      await demo.exited
    }
  })
})
