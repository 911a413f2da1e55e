// What `npm test` needs from the machine besides node_modules, and what to do when it is missing.
// Kept free of side effects so the decision is tested as a table (test/system-deps.test.ts); the
// runner is test/ensure-system-deps.mjs.

/** Debian's multiarch library folder of each Node architecture CI may run on. */
const MULTIARCH = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' }

/**
 * Debian packages the tests run, by the file each must provide on `arch` (Node's `process.arch`):
 * an executable, or for varnish-modules the xkey vmod the shipped VCL imports
 * (docs/deploy/varnish.vcl), a library that only has to be there.
 */
export function systemDeps(arch) {
  const libs = `/usr/lib/${MULTIARCH[arch] ?? MULTIARCH.x64}`
  return [
    { path: '/usr/bin/chromium', pkg: 'chromium', executable: true },
    { path: '/usr/bin/redis-server', pkg: 'redis-server', executable: true },
    { path: '/usr/bin/redis-sentinel', pkg: 'redis-sentinel', executable: true },
    { path: '/usr/sbin/varnishd', pkg: 'varnish', executable: true },
    { path: `${libs}/varnish/vmods/libvmod_xkey.so`, pkg: 'varnish-modules', executable: false },
    { path: '/usr/sbin/haproxy', pkg: 'haproxy', executable: true },
    { path: '/usr/bin/caddy', pkg: 'caddy', executable: true },
    // The bench's load generator (bench/wrk.mjs): one process of it outruns the server it measures.
    { path: '/usr/bin/wrk', pkg: 'wrk', executable: true },
    // Makes the throwaway certificate the HAProxy tests terminate TLS with.
    { path: '/usr/bin/openssl', pkg: 'openssl', executable: true },
    // The Nu HTML Checker (npm's vnu-jar) runs on Debian's Java.
    { path: '/usr/bin/java', pkg: 'default-jre-headless', executable: true },
  ]
}

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
      `The browser, Redis (and Sentinel), Varnish, HAProxy, Caddy and markup tests and the bench (wrk) need the Debian package${missing.length > 1 ? 's' : ''} ${packages}, which this process cannot install` +
      `${isRoot ? ' (no apt-get here)' : ' (not root)'}. Install with:\n\n` +
      `  sudo apt-get update && sudo apt-get install -y ${packages}\n\nthen run npm test again.`,
  }
}
