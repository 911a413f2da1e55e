import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { version as reactDomVersion } from 'react-dom/server'
import type { StaticHandlerContext } from 'react-router'
import type { SiteConfig } from '../../shared/types.ts'
import { toHydrationState } from './hydration.ts'

/** What a page's markup is made of besides its nonce, once its loaders have run. */
export interface RenderInputs {
  context: Pick<StaticHandlerContext, 'loaderData' | 'errors' | 'statusCode'>
  /** The tenant's site config in the page language (theme, site code, head, menus). */
  site: SiteConfig
  /** The page's tags (its CDN tag headers). */
  tags: Iterable<string>
  /** The browser build the page names (its scripts and stylesheets): the manifest, read once at start. */
  build: object
}

/** Digests of long-lived objects (site configs, the manifest), each made once per object. */
const objectDigests = new WeakMap<object, string>()

/**
 * A digest of everything a page is rendered from, beside the address its cache key already names:
 * the router state its loaders produced (deferred fields settled, heads included, so the clock a
 * loader read, such as a promo's window, is in it), its status, the site config, its tags, the
 * browser build and the code that renders. Two loads with the same digest render the same page,
 * so a stale page whose digest has not moved is renewed instead of rendered again.
 *
 * Undefined for a load with a route error (the error's text is not part of the state, so two such
 * loads could differ unseen), and when deferred data is still pending as `giveUp` aborts.
 */
export async function renderInputsDigest(inputs: RenderInputs, giveUp: AbortSignal): Promise<string | undefined> {
  const { context } = inputs
  if (context.errors) return undefined
  // Deferred data that has not settled when `giveUp` aborts (the render's deadline) leaves no digest.
  const state = await toHydrationState(context, giveUp)
  if (giveUp.aborted) return undefined
  const hash = createHash('sha256')
  hash.update(codeIdentity())
  hash.update(objectDigest(inputs.site))
  hash.update(objectDigest(inputs.build))
  hash.update(JSON.stringify([context.statusCode, [...inputs.tags].sort()]))
  hash.update(JSON.stringify(state.loaderData))
  return hash.digest('base64url')
}

function objectDigest(value: object): string {
  let digest = objectDigests.get(value)
  if (digest === undefined) {
    digest = createHash('sha256').update(JSON.stringify(value)).digest('base64url')
    objectDigests.set(value, digest)
  }
  return digest
}

let code: string | undefined

/**
 * The code that renders: the module holding this function (the whole server bundle in production,
 * so any change to it) and React's server renderer. A page another version of the server rendered
 * (read back from the shared store during a rollout) is then never renewed as this one's.
 */
function codeIdentity(): string {
  code ??= createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(reactDomVersion)
    .digest('base64url')
  return code
}
