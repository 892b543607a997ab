import { useFrame, useThree } from '@react-three/fiber'
import { useEffect } from 'react'
import type { OrthographicCamera } from 'three'
import { camera } from '../../state/cameraStore'
import { swarm } from '../../state/swarmStore'
import type { PickRequests } from '../picking/pickRequests'
import { attachGestures } from './gestureController'

/**
 * The camera rig: gestures on the canvas write the shared camera store (gestureController.ts);
 * every frame the orthographic camera is placed from it. Three's y axis points up and the world's
 * down, so the shaders draw world (x, y) at (x, −y).
 */
export function CameraRig({ picks }: { picks: PickRequests }) {
  const gl = useThree((s) => s.gl)
  useEffect(() => attachGestures(gl.domElement, picks), [gl, picks])
  useFrame((state) => {
    const cam = state.camera as OrthographicCamera
    cam.position.x = swarm.world.width / 2 + camera.x
    cam.position.y = -(swarm.world.height / 2 + camera.y)
    if (cam.zoom !== camera.zoom) {
      cam.zoom = camera.zoom
      cam.updateProjectionMatrix()
    }
    cam.updateMatrixWorld()
  })
  return null
}
