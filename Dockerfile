# syntax=docker/dockerfile:1

# Build: install everything, bundle the browser and server code.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node build.mjs

# Production dependencies only (the server bundle keeps node_modules external).
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-slim
# MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (zlib and brotli work on the libuv
# pool, libvips) an arena of its own and keeps freed memory in it; two arenas keep RSS close to
# what is in use at a negligible CPU cost. The fixed mmap threshold puts every block of 32 KiB or
# more (page bodies, compressed output) in a mapping of its own, returned when freed, and the trim
# threshold gives back what is freed at the top of the heap, so short-lived buffers do not leave
# the heap fragmented at its high-water mark. The top pad keeps 4 MiB free at the top of the heap:
# a large block is mapped apart only when nothing in the heap fits it, and each fresh mapping is
# faulted in a page at a time, which cost a miss a fifth to a quarter of its CPU. The semi-space bounds V8's young generation (128 MiB
# by default on a large machine); --heap-growing-percent (a V8 flag NODE_OPTIONS refuses, hence on
# the command line) makes V8 collect the old generation once it has grown by 40 % instead of up to
# four times what is live. An old-generation limit (--max-old-space-size) would do the same but
# halved cache-hit throughput in the bench (see docs/operations.md, "Runtime options").
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=32768 MALLOC_TRIM_THRESHOLD_=1048576 MALLOC_TOP_PAD_=4194304 \
    NODE_OPTIONS="--max-semi-space-size=16"
WORKDIR /app
# The code belongs to root and the server runs as node: a compromised process cannot rewrite what
# it runs. Nothing under /app is written at run time (IMAGE_CACHE_DIR, if set, wants a volume).
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
USER node
EXPOSE 3000
# The slim image has no curl: ask Node's fetch. /healthz is on ADMIN_PORT when it is set, else on
# PORT (server/routes/operations/operations.ts); an answer that is not 200, or none within 2 s, is unhealthy.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "const e=process.env;fetch('http://127.0.0.1:'+(e.ADMIN_PORT||e.PORT||3000)+'/healthz',{signal:AbortSignal.timeout(2000)}).then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
# node directly (not npm) so SIGTERM reaches the server and shutdown is graceful.
CMD ["node", "--heap-growing-percent=40", "dist/server/index.js"]
