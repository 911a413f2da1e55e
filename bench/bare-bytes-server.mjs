// The reference a cache hit is measured against: a bare node:http server in a process of its own
// sending the same gzip bytes with the same content type and encoding, and nothing else. Started by
// bench/hits.mjs with the file of bytes as its argument; prints its port when it listens.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const body = readFileSync(process.argv[2])
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-encoding': 'gzip',
    'content-length': body.length,
  })
  response.end(body)
})
server.keepAliveTimeout = 65_000
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`))
process.once('SIGTERM', () => process.exit(0))
