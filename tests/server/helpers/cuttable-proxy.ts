import { createServer, Socket, type Server } from 'node:net'

/**
 * A TCP proxy in front of a service (PostgreSQL, Redis) that can be cut — open connections reset,
 * new ones refused — and restored on the same port.
 */
export class CuttableProxy {
  private server: Server | null = null
  private sockets = new Set<Socket>()
  port = 0
  constructor(private readonly target: { host: string; port: number }) {}

  async up() {
    const server = createServer((client) => {
      const upstream = new Socket()
      upstream.connect(this.target.port, this.target.host)
      for (const s of [client, upstream]) {
        this.sockets.add(s)
        s.on('close', () => this.sockets.delete(s))
        s.on('error', () => {
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((r) => server.listen(this.port, '127.0.0.1', r))
    this.port = (server.address() as { port: number }).port
    this.server = server
  }

  async down() {
    for (const s of this.sockets) s.destroy()
    await new Promise((r) => this.server?.close(r))
    this.server = null
  }
}
