import { once } from 'node:events'
import { createServer, type Socket } from 'node:net'

/**
 * A Sentinel played by the test, speaking just enough RESP for a client to find a primary through
 * it and to subscribe to its failover announcements. Unlike a real Sentinel it answers when the test
 * says so and announces a failover at the moment the test chooses, which is what an exact race
 * between the two needs.
 */
export interface FakeSentinel {
  port: number
  /** Holds every `get-master-addr-by-name` until `answerHeld`; resolves once one is held. */
  holdNextLookup(): Promise<void>
  /** Answers the held lookups and stops holding. */
  answerHeld(): void
  /** Publishes `+switch-master` to every subscriber (the primary itself stays where it is). */
  announceFailover(): void
  close(): Promise<void>
}

/** Encodes a reply: strings as bulk strings, arrays as arrays, numbers as integers. */
function encode(value: string | number | (string | number)[]): string {
  if (typeof value === 'number') return `:${value}\r\n`
  if (typeof value === 'string') return `$${Buffer.byteLength(value)}\r\n${value}\r\n`
  return `*${value.length}\r\n${value.map(encode).join('')}`
}

/** The whole commands (arrays of bulk strings) at the start of `text`, and what is left after them. */
function parseCommands(text: string): { commands: string[][]; rest: string } {
  const commands: string[][] = []
  let at = 0
  for (;;) {
    const header = /^\*(\d+)\r\n/.exec(text.slice(at))
    if (!header) break
    let cursor = at + header[0].length
    const args: string[] = []
    for (let index = 0; index < Number(header[1]); index++) {
      const bulk = /^\$(\d+)\r\n/.exec(text.slice(cursor))
      if (!bulk || text.length < cursor + bulk[0].length + Number(bulk[1]) + 2)
        return { commands, rest: text.slice(at) }
      cursor += bulk[0].length
      args.push(text.slice(cursor, cursor + Number(bulk[1])))
      cursor += Number(bulk[1]) + 2
    }
    commands.push(args)
    at = cursor
  }
  return { commands, rest: text.slice(at) }
}

/** A fake Sentinel naming `primaryPort` on 127.0.0.1 as the primary of `name`. */
export async function startFakeSentinel(name: string, primaryPort: number): Promise<FakeSentinel> {
  const subscribers = new Set<Socket>()
  const held: Socket[] = []
  let holding = false
  let onHeld = () => {}
  const address = ['127.0.0.1', String(primaryPort)]

  function answer(socket: Socket, command: string[]) {
    const [verb = '', sub = '', channel = ''] = command.map((part, index) => (index < 2 ? part.toLowerCase() : part))
    // Refusing RESP3 the way Redis 5 does makes the client speak RESP2, all this fake knows.
    if (verb === 'hello') return socket.write('-NOPROTO unsupported protocol version\r\n')
    if (verb === 'ping') return socket.write('+PONG\r\n')
    if (verb === 'subscribe') {
      subscribers.add(socket)
      return socket.write(encode(['subscribe', command[1] ?? channel, 1]))
    }
    if (verb === 'sentinel' && sub === 'get-master-addr-by-name') {
      if (!holding) return socket.write(encode(address))
      held.push(socket)
      return onHeld()
    }
    if (verb === 'sentinel') return socket.write('*0\r\n')
    return socket.write('+OK\r\n')
  }

  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => {
      sockets.delete(socket)
      subscribers.delete(socket)
    })
    socket.on('error', () => {})
    let buffered = ''
    socket.on('data', (chunk: Buffer) => {
      const { commands, rest } = parseCommands(buffered + chunk.toString())
      buffered = rest
      for (const command of commands) answer(socket, command)
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const bound = server.address()
  return {
    port: typeof bound === 'object' && bound !== null ? bound.port : 0,
    holdNextLookup() {
      holding = true
      return new Promise((resolve) => {
        onHeld = () => resolve()
      })
    },
    answerHeld() {
      holding = false
      for (const socket of held.splice(0)) if (!socket.destroyed) socket.write(encode(address))
    },
    announceFailover() {
      const text = `${name} 127.0.0.1 ${primaryPort} 127.0.0.1 ${primaryPort}`
      for (const socket of subscribers) socket.write(encode(['message', '+switch-master', text]))
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      server.close()
      await once(server, 'close')
    },
  }
}
