// `pretest`: makes `npm ci && npm test` work on a fresh Debian machine. When Chromium, redis-server,
// Varnish (with varnish-modules), HAProxy, Caddy or Java is missing it installs them (root with apt-get) or stops
// at once with the command to run, rather than letting every test that starts one fail at launch.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { systemDeps, systemDepsPlan } from './system-deps.mjs'

const usable = (file, mode) => {
  try {
    accessSync(file, mode)
    return true
  } catch {
    return false
  }
}
const executable = (file) => usable(file, constants.X_OK)
const SYSTEM_DEPS = systemDeps(process.arch)
const present = (dep) => usable(dep.path, dep.executable ? constants.X_OK : constants.R_OK)

const missing = SYSTEM_DEPS.filter((dep) => !present(dep)).map((dep) => dep.pkg)
const plan = systemDepsPlan({
  missing,
  isRoot: process.getuid?.() === 0,
  hasAptGet: missing.length > 0 && ['/usr/bin/apt-get', '/bin/apt-get'].some(executable),
})

if (plan.action === 'stop') {
  console.error(plan.message)
  process.exit(1)
}
if (plan.action === 'install') {
  console.error(`Installing ${missing.join(' ')} for the browser, Redis, Varnish and HAProxy tests…`)
  for (const [command, ...args] of plan.commands) {
    const run = spawnSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (run.status !== 0) {
      console.error(`${command} ${args.join(' ')} failed (${run.error?.message ?? `exit ${run.status}`})`)
      process.exit(1)
    }
  }
  const still = SYSTEM_DEPS.filter((dep) => !present(dep)).map((dep) => dep.path)
  if (still.length > 0) {
    console.error(`Installed, but still missing: ${still.join(', ')}`)
    process.exit(1)
  }
}
