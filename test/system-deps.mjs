// What `npm test` needs from the machine besides node_modules, and what to do when it is missing.
// Kept free of side effects so the decision is tested as a table (test/system-deps.test.ts); the
// runner is test/ensure-system-deps.mjs.

/** Debian packages the tests run, by the executable each must provide. */
export const SYSTEM_DEPS = [
  { path: '/usr/bin/chromium', pkg: 'chromium' },
  { path: '/usr/bin/redis-server', pkg: 'redis-server' },
]

/**
 * Nothing to do when every executable is there; install the missing packages when this process
 * may (root, with apt-get); otherwise stop with the one command that installs them.
 */
export function systemDepsPlan({ missing, isRoot, hasAptGet }) {
  if (missing.length === 0) return { action: 'none' }
  const packages = missing.join(' ')
  if (isRoot && hasAptGet) {
    return {
      action: 'install',
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', ...missing],
      ],
    }
  }
  return {
    action: 'stop',
    message:
      `The browser and Redis tests need the Debian package${missing.length > 1 ? 's' : ''} ${packages}, which this process cannot install` +
      `${isRoot ? ' (no apt-get here)' : ' (not root)'}. Install with:\n\n` +
      `  sudo apt-get update && sudo apt-get install -y ${packages}\n\nthen run npm test again.`,
  }
}
