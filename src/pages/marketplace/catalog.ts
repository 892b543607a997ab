/**
 * Marketplace preview data (PRODUCT.md §2, §9): categories and the four locked featured products.
 */
import { vposPrice } from '../token/format'

export const MARKETPLACE_LAUNCH = 'Q3 2025'

export interface Category {
  name: string
  to: string
  description: string
}
/** PRODUCT.md §2: the four preview categories and where each links. */
export const CATEGORIES: readonly Category[] = [
  { name: 'Game Assets', to: '/game', description: 'Items and upgrades for vPOS agentic games' },
  { name: 'Message Packs', to: '/blinks', description: 'Blink message bundles for the swarm' },
  { name: 'Research Tools', to: '/labs', description: 'Analysis modules from vPOS Labs' },
  { name: 'Core Extensions', to: '/', description: 'Add-ons for the Swarm Core' },
]

export interface Product {
  id: string
  name: string
  description: string
  /** PRODUCT.md §9 USD-like value; the vPOS price is this divided by the current token price */
  usdValue: number
  status: 'coming'
  locked: true
}
/** PRODUCT.md §9 featured products: all coming, all locked. */
export const PRODUCTS: readonly Product[] = [
  {
    id: 'alpha-access',
    name: 'Alpha Access',
    description: 'Early access to new vPOS modules',
    usdValue: 500,
    status: 'coming',
    locked: true,
  },
  {
    id: 'custom-agent',
    name: 'Custom Agent',
    description: 'Your own agent deployed in the swarm',
    usdValue: 10000,
    status: 'coming',
    locked: true,
  },
  {
    id: 'terminal-pro',
    name: 'Terminal Pro',
    description: 'Advanced terminal commands and feeds',
    usdValue: 1000,
    status: 'coming',
    locked: true,
  },
  {
    id: 'blink-game',
    name: 'Blink Game',
    description: 'A custom game delivered as a Blink',
    usdValue: 15000,
    status: 'coming',
    locked: true,
  },
]

/** Each product with its vPOS price at `priceUsd` (null when the price is not above 0). */
export function pricedProducts(priceUsd: number | string | null | undefined) {
  return PRODUCTS.map((p) => ({ ...p, vpos: vposPrice(p.usdValue, priceUsd) }))
}
