// Child processes of the benchmark (the app, the demo API) and what /proc says about them.
import { fork, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import path from 'node:path'
import { serverNodeFlags, serverRuntimeEnv } from './runtime-env.mjs'

const root = path.resolve(import.meta.dirname, '..')
const TICKS_PER_SECOND = 100

/**
 * A loopback port nothing listens on now, from the kernel: a random pick in the ephemeral range could
 * be one a socket of this machine already holds (a soak once failed with EADDRINUSE that way).
 */
export async function freePort() {
  const server = createServer()
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * Starts dist/server/index.js on a free loopback port, with the environment and node flags
 * `npm run serve` sets, and waits until it answers: against the embedded demo API unless
 * `env.API_BASE_URL` names an upstream. `options.root`: the checkout whose build runs (another
 * build to compare with in the same run). `options.countLines`: its stdout (the log) is read as a
 * pipe, as a container runtime reads it, and its lines counted (`lines()`), instead of inherited.
 */
export async function startApp(env = {}, { root: appRoot = root, countLines = false } = {}) {
  const port = await freePort()
  const child = spawn(process.execPath, [...serverNodeFlags(), 'dist/server/index.js'], {
    cwd: appRoot,
    env: {
      ...process.env,
      ...serverRuntimeEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(env.API_BASE_URL ? {} : { DEMO_API: '1' }),
      ...env,
    },
    stdio: ['ignore', countLines ? 'pipe' : 'inherit', 'inherit'],
  })
  let lines = 0
  child.stdout?.on('data', (chunk) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1
  })
  const origin = `http://127.0.0.1:${port}`
  await waitFor(`${origin}/healthz`)
  return { origin, pid: child.pid, lines: () => lines, stop: () => stop(child) }
}

/**
 * Starts the demo API alone (for a delaying proxy in front of it). `tenantCopies`: it also answers
 * `t<N>.<demo host>` as copies of the demo sites, so a benchmark can walk never-seen tenants.
 */
export async function startDemoApi({ tenantCopies = false } = {}) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['dist/server/demo-api.js', '--port', String(port), ...(tenantCopies ? ['--tenant-copies'] : [])],
    { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const origin = `http://127.0.0.1:${port}`
  await waitFor(origin, { method: 'POST' })
  return { origin, stop: () => stop(child) }
}

async function waitFor(url, init) {
  for (let i = 0; i < 150; i += 1) {
    try {
      await fetch(url, init)
      return
    } catch {}
    await sleep(100)
  }
  throw new Error(`${url} did not answer within 15 s`)
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 30_000).unref()
  })
}

/** Runs one load job in a forked process and returns its result. */
export function runLoad(origin, urlPath, options) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'load-worker.mjs'), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    child.once('message', (message) => (message.ok ? resolve(message.result) : reject(new Error(message.error))))
    child.once('error', reject)
    child.send({ origin, path: urlPath, options })
  })
}

/** CPU time (user + system, ms) a process has used so far. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

/** Resident set size of a process, in MiB. */
export function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('VmRSS:'))
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024
}
