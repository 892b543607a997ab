import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What a JSON-RPC method answers: a result, a JSON-RPC error, an HTTP status, or a stall. */
type FakeReply =
  | { result: unknown; delayMs?: number }
  | { rpcError: { code: number; message: string } }
  | { httpStatus: number }
  | { stallMs: number }

export type FakeHandler = (params: unknown) => FakeReply

/**
 * A small Solana JSON-RPC server on 127.0.0.1 speaking the real wire format (POST, jsonrpc 2.0,
 * id echoed). Tests set `handlers[method]` and read `calls` to see what the client sent.
 */
export class FakeRpcServer {
  readonly handlers: Record<string, FakeHandler> = {}
  readonly calls: Array<{ method: string; params: unknown }> = []
  private server: Server | null = null
  url = ''

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = ''
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')))
      req.on('end', () => {
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' })
          res.end(JSON.stringify(body))
        }
        let msg: { id?: unknown; method?: string; params?: unknown }
        try {
          msg = JSON.parse(raw) as typeof msg
        } catch {
          return send(200, {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32700, message: 'Parse error' },
          })
        }
        const method = msg.method ?? ''
        this.calls.push({ method, params: msg.params })
        const handler = this.handlers[method]
        if (!handler)
          return send(200, {
            jsonrpc: '2.0',
            id: msg.id,
            error: { code: -32601, message: 'Method not found' },
          })
        const reply = handler(msg.params)
        if ('stallMs' in reply) {
          const t = setTimeout(
            () => send(200, { jsonrpc: '2.0', id: msg.id, result: null }),
            reply.stallMs,
          )
          res.on('close', () => clearTimeout(t))
          return
        }
        if ('httpStatus' in reply) return send(reply.httpStatus, { error: 'upstream says no' })
        if ('rpcError' in reply)
          return send(200, { jsonrpc: '2.0', id: msg.id, error: reply.rpcError })
        if (reply.delayMs) {
          const t = setTimeout(
            () => send(200, { jsonrpc: '2.0', id: msg.id, result: reply.result }),
            reply.delayMs,
          )
          res.on('close', () => clearTimeout(t))
          return
        }
        return send(200, { jsonrpc: '2.0', id: msg.id, result: reply.result })
      })
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/?api-key=test`
    return this
  }

  async stop() {
    this.server?.closeAllConnections()
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }
}

/** A jsonParsed token account entry as getTokenAccountsByOwner returns it. */
export function tokenAccount(mint: string, amount: string, decimals: number) {
  return {
    pubkey: 'AccountPubkey1111111111111111111111111111111',
    account: {
      data: {
        program: 'spl-token',
        parsed: {
          type: 'account',
          info: { mint, owner: 'x', tokenAmount: { amount, decimals, uiAmount: null } },
        },
      },
      executable: false,
      lamports: 2039280,
    },
  }
}

/**
 * A getTokenAccountsByOwner handler answering each owner's vPOS from `balances` (0 when absent),
 * read at every call so a test can change a balance while the server runs.
 */
export function tokenBalancesHandler(mint: string, balances: ReadonlyMap<string, number>) {
  return (params: unknown) => {
    const amount = String(balances.get((params as [string])[0]) ?? 0)
    return { result: { context: { slot: 1 }, value: [tokenAccount(mint, amount, 0)] } }
  }
}
