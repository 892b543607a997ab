/**
 * The filter as the agents' and links' shaders see it (docs/ARCHITECTURE.md "Exploring the swarm"):
 * one set of integer uniforms shared by both materials, a bit mask per group. Toggling a filter
 * writes six integers and asks for one redraw; the GPU tests every agent (and every link's two
 * ends) as it draws them, so it costs no pass over the agents on the page at any swarm size.
 */
import { useEffect } from 'react'
import { subscribe } from 'valtio'
import { filterActive, type AgentFilter } from '../sim/agentFilter'
import type { SwarmStore } from '../state/swarmState'
import type { Redraw } from './redraw'

export interface FilterUniforms {
  /** 0: no filter (every agent bright), 1: the masks below apply */
  uFilterOn: { value: number }
  uFilterTypes: { value: number }
  uFilterStatuses: { value: number }
  uFilterModes: { value: number }
  uFilterEnergy: { value: number }
  /** 1: only failing agents match */
  uFilterFailing: { value: number }
}

export function createFilterUniforms(): FilterUniforms {
  return {
    uFilterOn: { value: 0 },
    uFilterTypes: { value: 0 },
    uFilterStatuses: { value: 0 },
    uFilterModes: { value: 0 },
    uFilterEnergy: { value: 0 },
    uFilterFailing: { value: 0 },
  }
}

/** Write `f` into the uniforms; true when any value changed (the frame must be drawn again). */
export function writeFilterUniforms(u: FilterUniforms, f: AgentFilter): boolean {
  const next: Record<keyof FilterUniforms, number> = {
    uFilterOn: filterActive(f) ? 1 : 0,
    uFilterTypes: f.types,
    uFilterStatuses: f.statuses,
    uFilterModes: f.modes,
    uFilterEnergy: f.energy,
    uFilterFailing: f.failing ? 1 : 0,
  }
  let changed = false
  for (const key of Object.keys(next) as (keyof FilterUniforms)[]) {
    if (u[key].value !== next[key]) {
      u[key].value = next[key]
      changed = true
    }
  }
  return changed
}

/** Keep the uniforms in step with `store.explore.filter`; a change redraws a paused scene once. */
export function useFilterUniforms(store: SwarmStore, u: FilterUniforms, redraw: Redraw): void {
  useEffect(() => {
    const apply = () => {
      if (writeFilterUniforms(u, store.explore.filter)) redraw.needed = true
    }
    apply()
    // the explore proxy also changes with every census (twice a second): only a new filter counts
    return subscribe(store.explore, apply)
  }, [store, u, redraw])
}
