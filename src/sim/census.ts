/**
 * The census: ONE pass over the displayed agents that gives what the overview and the filter show
 * (docs/PRODUCT.md "Swarm Core (/), the main view": exploring the swarm):
 *   - a density grid of the whole world (agents per cell), the failing agents per cell and the agents
 *     that match the filter per cell — the minimap's heat image;
 *   - each filter group's live count (agents per type, status, mode, energy band; failing) and how
 *     many agents match — the filter legend.
 * Pure and allocation-free once `out` is sized, so it runs the same on the page (small swarms) and
 * in the census worker (src/state/census/censusWorker.ts) at large sizes: at 1,000,000 agents the
 * pass costs ~10 ms, which the main thread must not pay.
 */
import { FLAG, type AgentBuffers, type World } from './types'
import { agentMatches, energyBand, ENERGY_BANDS, type AgentFilter } from './agentFilter'
import { AGENT_TYPE_NAMES, MODE_NAMES, STATUS_NAMES } from './types'

/** The grid's longer side, in cells (the other follows the world's aspect ratio). */
export const CENSUS_GRID_MAX = 128

/** The fields a census reads. */
export type CensusFields = Pick<
  AgentBuffers,
  'count' | 'x' | 'y' | 'type' | 'status' | 'mode' | 'energy' | 'flags'
>

export interface CensusGrid {
  cols: number
  rows: number
  /** agents per cell, row-major (cell = col + row × cols) */
  all: Uint32Array
  /** failing agents per cell */
  failing: Uint32Array
  /** agents matching the filter per cell (equal to `all` when no filter is on) */
  matching: Uint32Array
}

export interface Census {
  /** agents counted */
  count: number
  /** agents that match the filter (count when none is on) */
  matching: number
  failing: number
  /** agents per value of each filter group (index = the value) */
  types: Uint32Array
  statuses: Uint32Array
  modes: Uint32Array
  energy: Uint32Array
  world: World
  grid: CensusGrid
}

/** Grid size for a world: CENSUS_GRID_MAX cells along the longer side, ≥ 1 along the other. */
export function censusGridSize(world: World): { cols: number; rows: number } {
  const w = Math.max(world.width, 1)
  const h = Math.max(world.height, 1)
  if (w >= h)
    return { cols: CENSUS_GRID_MAX, rows: Math.max(1, Math.round((CENSUS_GRID_MAX * h) / w)) }
  return { cols: Math.max(1, Math.round((CENSUS_GRID_MAX * w) / h)), rows: CENSUS_GRID_MAX }
}

/** An empty census for `world` (its arrays are reused by takeCensus). */
function createCensus(world: World): Census {
  const { cols, rows } = censusGridSize(world)
  const cells = cols * rows
  return {
    count: 0,
    matching: 0,
    failing: 0,
    types: new Uint32Array(AGENT_TYPE_NAMES.length),
    statuses: new Uint32Array(STATUS_NAMES.length),
    modes: new Uint32Array(MODE_NAMES.length),
    energy: new Uint32Array(ENERGY_BANDS.length),
    world: { width: world.width, height: world.height },
    grid: {
      cols,
      rows,
      all: new Uint32Array(cells),
      failing: new Uint32Array(cells),
      matching: new Uint32Array(cells),
    },
  }
}

/**
 * Count the first `fields.count` agents into `out` (created for this world with createCensus, or
 * a fresh one when the world changed size). Agents outside the world count in the nearest cell.
 */
export function takeCensus(
  fields: CensusFields,
  world: World,
  filter: AgentFilter,
  out: Census | null = null,
): Census {
  const c =
    out && out.world.width === world.width && out.world.height === world.height
      ? out
      : createCensus(world)
  const { cols, rows, all, failing, matching } = c.grid
  all.fill(0)
  failing.fill(0)
  matching.fill(0)
  c.types.fill(0)
  c.statuses.fill(0)
  c.modes.fill(0)
  c.energy.fill(0)
  const sx = cols / Math.max(world.width, 1)
  const sy = rows / Math.max(world.height, 1)
  const { x, y, type, status, mode, energy, flags } = fields
  const n = fields.count
  let nFailing = 0
  let nMatching = 0
  for (let i = 0; i < n; i++) {
    let col = (x[i]! * sx) | 0
    let row = (y[i]! * sy) | 0
    col = col < 0 ? 0 : col >= cols ? cols - 1 : col
    row = row < 0 ? 0 : row >= rows ? rows - 1 : row
    const cell = col + row * cols
    all[cell]!++
    const t = type[i]!
    const s = status[i]!
    const m = mode[i]!
    const e = energy[i]!
    const f = flags[i]!
    c.types[t]!++
    c.statuses[s]!++
    c.modes[m]!++
    c.energy[energyBand(e)]!++
    if ((f & FLAG.failing) !== 0) {
      nFailing++
      failing[cell]!++
    }
    if (agentMatches(filter, t, s, m, e, f)) {
      nMatching++
      matching[cell]!++
    }
  }
  c.count = n
  c.failing = nFailing
  c.matching = nMatching
  return c
}
