// The purger's old address, for the modules that still import it from here (the app's wiring, its
// routes, the HTML cache's tests): split on other branches; this file goes when they land.
export { createPurger, type PurgeOutcome, type Purger } from './purger.ts'
