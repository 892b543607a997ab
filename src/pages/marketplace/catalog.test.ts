import { describe, expect, it } from 'vitest'
import { CATEGORIES, PRODUCTS, pricedProducts } from './catalog'

describe('marketplace catalog (§2, §9)', () => {
  it('has the four categories with their links', () => {
    expect(CATEGORIES.map((c) => [c.name, c.to])).toEqual([
      ['Game Assets', '/game'],
      ['Message Packs', '/blinks'],
      ['Research Tools', '/labs'],
      ['Core Extensions', '/'],
    ])
  })

  it('has the four featured products, all coming and locked', () => {
    expect(PRODUCTS.map((p) => [p.id, p.usdValue, p.status, p.locked])).toEqual([
      ['alpha-access', 500, 'coming', true],
      ['custom-agent', 10000, 'coming', true],
      ['terminal-pro', 1000, 'coming', true],
      ['blink-game', 15000, 'coming', true],
    ])
  })

  it.each([
    ['0.004215', [118624, 2372479, 237248, 3558719]],
    [0.5, [1000, 20000, 2000, 30000]],
    ['0.00421512', [118621, 2372412, 237241, 3558618]],
    [0, [null, null, null, null]],
    [null, [null, null, null, null]],
    ['-2', [null, null, null, null]],
  ])('at price %j the vPOS prices are %j', (price, prices) => {
    expect(pricedProducts(price).map((p) => p.vpos)).toEqual(prices)
  })
})
