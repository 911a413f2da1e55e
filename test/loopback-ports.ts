import { once } from 'node:events'
import { createConnection, createServer } from 'node:net'

/** A TCP port nothing listens on right now on 127.0.0.1, for a server process a test starts. */
export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  server.close()
  await once(server, 'close')
  return port
}

/** Whether something accepts a connection on 127.0.0.1:`port` now. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * Resolves once something accepts connections on the port (the server is up); throws after about
 * 10 s, or as soon as `alive` says the process starting it is gone.
 */
export async function untilListening(port: number, alive: () => boolean = () => true): Promise<void> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    if (await accepts(port)) return
    if (!alive()) throw new Error(`the process exited before listening on port ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`nothing listens on port ${port}`)
}
