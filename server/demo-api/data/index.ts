import type { DemoTenant } from '../tenant.ts'
import { createLandTenant } from './land/land-site.ts'
import { createNavTenant } from './nav/nav-site.ts'
import { createResTenant } from './res/res-site.ts'

/** An account that exists on every demo site, so sign-in can be tried without reading the log. */
export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo2025', nick_name: 'Demo' } as const

/**
 * Fresh copies of the three demo sites, with timestamps relative to `nowMs`:
 * res.localhost (resource search, zh), land.localhost (landing pages, en), nav.localhost (tool directory, zh-TW).
 */
export function createDemoTenants(nowMs: number): DemoTenant[] {
  const now = Math.floor(nowMs / 1000)
  return [createResTenant(now), createLandTenant(now), createNavTenant(now)]
}
