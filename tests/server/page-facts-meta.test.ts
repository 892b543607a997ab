/**
 * What the server already knows, in every page's HTML (issue 36):
 * - the token's contract address (`<meta name="vpos-token-mint">`): Token Info draws it in its
 *   first render instead of after the market answer. A TOKEN_MINT that is no Solana address is
 *   left out, so nothing but base58 text is ever written into the page;
 * - the chain kind (`<meta name="vpos-chain">`, GET /api/auth/config's `chain`): the wallet
 *   screens offer the demo wallet in their first render, without that request.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { DEMO_TOKEN_MINT } from '../../src/contracts/constants'

const MINT = '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R'
let clientDir: string

beforeAll(() => {
  clientDir = mkdtempSync(join(tmpdir(), 'vpos-mint-'))
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  )
})
afterAll(() => rmSync(clientDir, { recursive: true, force: true }))

async function pageFor(
  tokenMint: string | undefined,
  path: string,
  more: Parameters<typeof testConfig>[0] = {},
): Promise<string> {
  const app = await buildApp(
    testConfig({
      CLIENT_DIR: clientDir,
      ...(tokenMint === undefined ? {} : { TOKEN_MINT: tokenMint }),
      ...more,
    }),
  )
  try {
    const res = await app.inject(path)
    expect(res.statusCode).toBe(200)
    return res.body
  } finally {
    await app.close()
  }
}

const metas = (html: string) =>
  [...html.matchAll(/<meta name="vpos-token-mint"[^>]*>/g)].map(([m]) => m)

describe('the token mint in the HTML', () => {
  it("names the configured mint on every page's HTML", async () => {
    expect(metas(await pageFor(MINT, '/token?boot=0'))).toEqual([
      `<meta name="vpos-token-mint" content="${MINT}">`,
    ])
    expect(metas(await pageFor(MINT, '/'))).toHaveLength(1)
  })

  it('names the demo mint when TOKEN_MINT is unset', async () => {
    expect(metas(await pageFor(undefined, '/token'))[0]).toContain(DEMO_TOKEN_MINT)
  })

  it.each(['x"><script>alert(1)</script>', 'not-an-address', ''])(
    'leaves out a TOKEN_MINT that is no Solana address: %j',
    async (mint) => {
      const html = await pageFor(mint, '/token')
      expect(metas(html)).toEqual([])
      expect(html).not.toContain('<script>')
    },
  )
})

describe('the chain in the HTML', () => {
  const chains = (html: string) =>
    [...html.matchAll(/<meta name="vpos-chain"[^>]*>/g)].map(([m]) => m)

  it('names the demo chain on the embedded defaults, on every page', async () => {
    expect(chains(await pageFor(undefined, '/chat?boot=0'))).toEqual([
      '<meta name="vpos-chain" content="demo">',
    ])
    expect(chains(await pageFor(undefined, '/'))).toHaveLength(1)
  })

  it('names the RPC chain when SOLANA_RPC_URL is set (no request is made for the page)', async () => {
    const html = await pageFor(undefined, '/whitelist', {
      SOLANA_RPC_URL: 'http://127.0.0.1:9/',
    })
    expect(chains(html)).toEqual(['<meta name="vpos-chain" content="rpc">'])
  })
})
