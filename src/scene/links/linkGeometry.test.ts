import { describe, expect, it } from 'vitest'
import { createSwarmSim } from '../../sim'
import { LINK_EVERY_LARGE } from '../../state/swarmStore'
import { AgentGeometry } from '../agents/agentGeometry'
import { LinkGeometry } from './linkGeometry'

function setup(count: number) {
  const sim = createSwarmSim({ seed: 5, count })
  sim.computeLinks()
  const agents = new AgentGeometry('points')
  agents.sync(sim.buffers, 0)
  const links = new LinkGeometry()
  const sync = (version: number) =>
    links.sync(sim.links, sim.buffers, agents.positionX!, agents.positionY!, version)
  return { sim, agents, links, sync }
}

const indexVersion = (l: LinkGeometry) => l.geometry.getIndex()!.version

describe('LinkGeometry', () => {
  it("draws the sim's link pairs as segments between the agents' own vertices", () => {
    const { sim, agents, links, sync } = setup(146)
    expect(sync(0)).toBe(true)
    expect(sim.links.count).toBeGreaterThan(0)
    expect(links.count).toBe(sim.links.count)
    expect(links.geometry.getAttribute('agentX')).toBe(agents.positionX)
    expect(links.geometry.getAttribute('agentY')).toBe(agents.positionY)
    const idx = links.geometry.getIndex()!.array
    for (const k of [0, 1, sim.links.count - 1]) {
      expect([idx[2 * k], idx[2 * k + 1]]).toEqual([sim.links.a[k], sim.links.b[k]])
    }
  })

  it('re-uploads pairs every change up to 20,000 agents', () => {
    const { links, sync } = setup(200)
    sync(0)
    const v0 = indexVersion(links)
    for (let v = 1; v <= 3; v++) sync(v)
    expect(indexVersion(links)).toBe(v0 + 3)
  })

  it('above 20,000 agents re-uploads pairs at the store cadence, and once the buffers stop changing', () => {
    const { links, sync } = setup(20_001)
    sync(0)
    const v0 = indexVersion(links)
    for (let v = 1; v < LINK_EVERY_LARGE; v++) sync(v)
    expect(indexVersion(links)).toBe(v0)
    sync(LINK_EVERY_LARGE)
    expect(indexVersion(links)).toBe(v0 + 1)
    sync(LINK_EVERY_LARGE + 1)
    sync(LINK_EVERY_LARGE + 1)
    expect(indexVersion(links)).toBe(v0 + 2)
  })
})
