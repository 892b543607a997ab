/**
 * CPU reference of the GPU picking rule (ARCHITECTURE.md "Picking"): the agent whose centre is
 * nearest to the pointer among those within their own selection threshold; ties go to the lower
 * index (the GPU draws instances in index order with depth test LESS). Tests and tools use it to
 * know which agent a click must select; the app itself picks on the GPU.
 */
import { worldToScreen, type CameraView, type ViewFrame } from '../camera/camera'
import { pickThreshold, type PointerKind } from '../camera/gestures'

export interface PickableAgents {
  count: number
  x: ArrayLike<number>
  y: ArrayLike<number>
  size: ArrayLike<number>
}

/** Index of the agent a press at screen point (sx, sy) selects, or −1 for none. */
export function nearestAgentAt(
  agents: PickableAgents,
  view: CameraView,
  frame: ViewFrame,
  sx: number,
  sy: number,
  kind: PointerKind,
): number {
  let best = -1
  let bestD = Infinity
  for (let i = 0; i < agents.count; i++) {
    const p = worldToScreen(view, frame, agents.x[i]!, agents.y[i]!)
    const d = Math.hypot(p.x - sx, p.y - sy)
    if (d <= pickThreshold(agents.size[i]!, kind) && d < bestD) {
      best = i
      bestD = d
    }
  }
  return best
}
