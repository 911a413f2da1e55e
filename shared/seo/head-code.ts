/** What a client-side navigation needs to rewrite the head (components/head-sync.tsx loads it then). */
export { applyHeadTags } from './apply-head-tags.ts'
export { errorHead, toHeadTags } from './head-tags.ts'
