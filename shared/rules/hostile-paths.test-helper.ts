/**
 * Test fixture (imported by tests only): request paths and redirect candidates that try to leave the
 * tenant's origin (SPEC §2 redirects).
 */

/** Inputs that try to turn a same-origin redirect into one to another host. */
const HOSTILE_PATHS = [
  '//evil.com',
  '///evil.com',
  '/.//evil.com',
  '/%2F%2Fevil.com',
  '/%5Cevil.com',
  '/%09/evil.com',
  '/\\evil.com',
  '/\\\\evil.com',
  '\\\\evil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  '/\r\n//evil.com',
  '/\u2028/evil.com',
  '/ /evil.com',
  ' //evil.com',
  '/en//evil.com',
  '/EN//evil.com',
  '/zh//evil.com',
  '/../..//evil.com',
  '/%2e%2e//evil.com',
  'http://evil.com',
  'https://evil.com/path?x#y',
  'HTTP://evil.com',
  'javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '\\/evil.com',
  '/\\/evil.com',
  '//evil.com@tenant.example',
  '/@evil.com',
  '?//evil.com',
  '#//evil.com',
  '',
]

/** Prefixes of the test sites' path mappings and language prefixes, placed in front of every input. */
export const MAPPED_PREFIXES = ['/articles', '/post', '/en/articles', '/EN/post']

/** Every hostile input, raw and after one decodeURIComponent, alone and after mapped prefixes. */
export function hostileVariants(prefixes: readonly string[] = MAPPED_PREFIXES): string[] {
  const variants = new Set<string>()
  for (const path of HOSTILE_PATHS) {
    for (const form of [path, decodeOnce(path)]) {
      variants.add(form)
      for (const prefix of prefixes) variants.add(prefix + (form.startsWith('/') ? form : `/${form}`))
      for (const prefix of prefixes) variants.add(prefix + form)
    }
  }
  return [...variants]
}

function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
