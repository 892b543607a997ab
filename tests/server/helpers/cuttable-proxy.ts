import { createServer, Socket, type Server } from 'node:net'

/**
 * A TCP proxy in front of a service (PostgreSQL, Redis) that can be cut — open connections reset,
 * new ones refused — or stalled — nothing flows either way, new connections hang — and restored.
 */
export class CuttableProxy {
  private server: Server | null = null
  private sockets = new Set<Socket>()
  private stalled = false
  private held: Socket[] = []
  port = 0
  constructor(private readonly target: { host: string; port: number }) {}

  async up() {
    const server = createServer((client) => {
      if (this.stalled) {
        // Accepted, never answered: what a hung database looks like to a new connection.
        client.on('error', () => {})
        this.held.push(client)
        return
      }
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

  /**
   * The blackhole mode: everything stops flowing (open connections stay open, paused both ways;
   * new ones are accepted and never answered); `resume()` undoes it.
   */
  stall() {
    this.stalled = true
    for (const s of this.sockets) s.pause()
  }

  resume() {
    this.stalled = false
    for (const s of this.sockets) s.resume()
    for (const s of this.held.splice(0)) s.destroy()
  }

  async down() {
    for (const s of this.sockets) s.destroy()
    await new Promise((r) => this.server?.close(r))
    this.server = null
  }
}
