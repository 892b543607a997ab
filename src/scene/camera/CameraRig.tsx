import { useFrame, useThree } from '@react-three/fiber'
import { useEffect, useRef } from 'react'
import { FRAME_PRIORITY } from '../../state/frameClock'
import type { OrthographicCamera } from 'three'
import { camera, cameraFollow, stopFollow } from '../../state/cameraStore'

import type { PickRequests } from '../picking/pickRequests'
import { updateViewUniforms, type ViewUniforms } from '../viewUniforms'
import { followStep, type ViewFrame } from './camera'
import { attachGestures } from './gestureController'
import { useSwarmStore } from '../../state/swarmStoreContext'

/**
 * The camera rig: gestures on the canvas write the shared camera store (gestureController.ts);
 * every frame the orthographic camera and the shaders' view uniforms are set from it. Three's y
 * axis points up and the world's down: the camera sits at (x, −y). While an agent is followed
 * (cameraFollow), the pan eases toward it each frame (followStep) until the user pans or zooms.
 */
export function CameraRig({ picks, view }: { picks: PickRequests; view: ViewUniforms }) {
  const store = useSwarmStore()
  const gl = useThree((s) => s.gl)
  useEffect(() => attachGestures(store, gl.domElement, picks), [store, gl, picks])
  /** buffer index of the followed agent last frame (ids move only when the swarm is rebuilt) */
  const followIndex = useRef(-1)
  const frame = useRef<ViewFrame>({ width: 1, height: 1, originX: 0, originY: 0 })
  /** the followed agent's position last frame (NaN: just started following) */
  const last = useRef({ id: '', x: NaN, y: NaN })
  useFrame((state, delta) => {
    const id = cameraFollow.agentId
    if (id === null) last.current.id = ''
    else {
      const b = store.display.buffers
      let i = followIndex.current
      if (i < 0 || i >= b.count || b.ids[i] !== id) i = followIndex.current = b.ids.indexOf(id)
      if (i < 0 || i >= b.count) {
        stopFollow() // the agent left the swarm
      } else {
        const f = frame.current
        f.width = state.size.width
        f.height = state.size.height
        f.originX = store.swarm.world.width / 2
        f.originY = store.swarm.world.height / 2
        const l = last.current
        if (l.id !== id) {
          l.id = id
          l.x = l.y = NaN
        }
        const ax = b.x[i]!
        const ay = b.y[i]!
        const next = followStep(camera, f, ax, ay, l.x, l.y, cameraFollow.zoom, delta)
        l.x = ax
        l.y = ay
        // Settled: nothing is written, so a paused swarm stops redrawing.
        if (next !== camera) {
          camera.x = next.x
          camera.y = next.y
          camera.zoom = next.zoom
        }
      }
    }
    const cam = state.camera as OrthographicCamera
    const cx = store.swarm.world.width / 2 + camera.x
    const cy = store.swarm.world.height / 2 + camera.y
    updateViewUniforms(view, cx, cy, camera.zoom, state.size.width, state.size.height)
    cam.position.x = cx
    cam.position.y = -cy
    if (cam.zoom !== camera.zoom) {
      cam.zoom = camera.zoom
      cam.updateProjectionMatrix()
    }
    cam.updateMatrixWorld()
  }, FRAME_PRIORITY.view)
  return null
}
