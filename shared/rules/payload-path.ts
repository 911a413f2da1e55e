/**
 * What a page's payload address ends with: `<page path>/_payload.json` (SPEC §1 "Prerendered pages
 * fetch a per-page JSON payload"). One constant for the browser that asks, the route that answers
 * and the CDN purges that name it.
 */
export const PAYLOAD_SUFFIX = '/_payload.json'
