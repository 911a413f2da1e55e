// Loaded into the app process by `npm run soak` only (node --expose-gc --import): on SIGUSR2 it
// collects garbage twice and writes the heap and RSS after GC as one JSON line on stderr, so the
// soak can compare the heap before and after the load without a debugger. Heap total (what V8 has
// reserved) and array buffers (the HTML cache's bytes among them) say where RSS beyond the heap goes.
process.on('SIGUSR2', () => {
  globalThis.gc?.()
  globalThis.gc?.()
  const { heapUsed, heapTotal, arrayBuffers, rss } = process.memoryUsage()
  process.stderr.write(
    `${JSON.stringify({ soakProbe: true, heapUsed, heapTotal, arrayBuffers, rss, handles: process.getActiveResourcesInfo().length })}\n`,
  )
})
