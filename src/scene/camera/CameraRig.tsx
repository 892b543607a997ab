import { useFrame, useThree } from '@react-three/fiber'
import { useEffect } from 'react'
import type { OrthographicCamera } from 'three'
import { camera } from '../../state/cameraStore'
import { swarm } from '../../state/swarmStore'
import type { PickRequests } from '../picking/pickRequests'
import { updateViewUniforms, type ViewUniforms } from '../viewUniforms'
import { attachGestures } from './gestureController'

/**
 * The camera rig: gestures on the canvas write the shared camera store (gestureController.ts);
 * every frame the orthographic camera and the shaders' view uniforms are set from it. Three's y
 * axis points up and the world's down: the camera sits at (x, −y).
 */
export function CameraRig({ picks, view }: { picks: PickRequests; view: ViewUniforms }) {
  const gl = useThree((s) => s.gl)
  useEffect(() => attachGestures(gl.domElement, picks), [gl, picks])
  useFrame((state) => {
    const cam = state.camera as OrthographicCamera
    const cx = swarm.world.width / 2 + camera.x
    const cy = swarm.world.height / 2 + camera.y
    updateViewUniforms(view, cx, cy, camera.zoom, state.size.width, state.size.height)
    cam.position.x = cx
    cam.position.y = -cy
    if (cam.zoom !== camera.zoom) {
      cam.zoom = camera.zoom
      cam.updateProjectionMatrix()
    }
    cam.updateMatrixWorld()
  })
  return null
}
