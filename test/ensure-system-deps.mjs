// `pretest`: makes `npm ci && npm test` work on a fresh Debian machine. When Chromium or
// redis-server is missing it installs them (root with apt-get) or stops at once with the command
// to run, rather than letting every browser and Redis test fail with a launch error.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { SYSTEM_DEPS, systemDepsPlan } from './system-deps.mjs'

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

const missing = SYSTEM_DEPS.filter((dep) => !executable(dep.path)).map((dep) => dep.pkg)
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
  console.error(`Installing ${missing.join(' ')} for the browser and Redis tests…`)
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
  const still = SYSTEM_DEPS.filter((dep) => !executable(dep.path)).map((dep) => dep.path)
  if (still.length > 0) {
    console.error(`Installed, but still missing: ${still.join(', ')}`)
    process.exit(1)
  }
}
