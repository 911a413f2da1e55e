/**
 * What a client-side navigation needs to check the next page's site scripts (client/entry-client.tsx)
 * and to rewrite the head (components/head-sync.tsx): loaded by the first navigation, not with the page.
 */
export { applyHeadTags } from './apply-head-tags.ts'
export { errorHead, toHeadTags } from './head-tags.ts'
export { headKeys, siteCodeOf, siteScriptsDiffer } from './site-scripts.ts'
