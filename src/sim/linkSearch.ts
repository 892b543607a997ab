/**
 * The stateful side of the link search (links.ts holds the grid and its kernel): one swarm's
 * search with its scratch, at once or staged over several calls.
 */
import {
  bucketAgents,
  computeLinksInto,
  createLinkBuffers,
  createLinkGrid,
  gridFits,
  linkRows,
  reserveLinks,
  type LinkGrid,
} from './links'
import type { AgentBuffers, LinkBuffers, World } from './types'

/**
 * The link search of one swarm, with its scratch memory: run() searches every agent at once,
 * runStaged(n) spreads the same search over n calls (one per frame for big swarms: the first call
 * buckets the agents — copying their positions — and the last publishes). Every displayed swarm
 * (local sim, live feed, replayed or imported snapshot) gets its links from this one search, so all
 * obey PRODUCT.md §9: < LINK_DISTANCE units, at most min(connections, 7) per agent. Allocates only
 * when the world, the agent capacity, the fullest cell or the link budget grows; `links` stays the
 * object it was given (its arrays grow in place).
 */
export class LinkSearch {
  readonly links: LinkBuffers
  private grid: LinkGrid | null = null
  private back: LinkBuffers | null = null
  private stage = 0

  /** `links`: where the search publishes (grown in place to the swarm's link budget) */
  constructor(links: LinkBuffers = createLinkBuffers(0)) {
    this.links = links
  }

  /** Whether a staged search is part-way. */
  get staging(): boolean {
    return this.stage > 0
  }

  /** Drop a part-way staged search (the swarm was replaced). */
  cancel(): void {
    this.stage = 0
  }

  private fit(buf: AgentBuffers, world: World): LinkGrid {
    if (!this.grid || !gridFits(this.grid, world, buf.capacity)) {
      this.grid = createLinkGrid(world, buf.capacity)
    }
    return this.grid
  }

  /** The whole search now; returns the link count. */
  run(buf: AgentBuffers, world: World): number {
    this.stage = 0
    return computeLinksInto(buf, this.fit(buf, world), this.links)
  }

  /** One of `stages` calls of the search; true when `links` was published this call. */
  runStaged(buf: AgentBuffers, world: World, stages: number): boolean {
    if (stages <= 1) {
      this.run(buf, world)
      return true
    }
    if (this.stage === 0) {
      const budget = bucketAgents(buf, this.fit(buf, world))
      this.back ??= createLinkBuffers(0)
      reserveLinks(this.back, budget)
      this.back.count = 0
    }
    const grid = this.grid!
    const back = this.back!
    const k = this.stage
    const from = Math.floor((k * grid.rows) / stages)
    const to = Math.floor(((k + 1) * grid.rows) / stages)
    back.count = linkRows(grid, from, to, back, back.count)
    if (k + 1 < stages) {
      this.stage = k + 1
      return false
    }
    this.stage = 0
    const links = this.links
    reserveLinks(links, back.count)
    links.a.set(back.a.subarray(0, back.count))
    links.b.set(back.b.subarray(0, back.count))
    links.count = back.count
    return true
  }
}
