import { useFrame } from '@react-three/fiber'
import { useEffect } from 'react'
import { FRAME_PRIORITY, driveFromScene, sceneLinks, sceneSample } from '../state/frameClock'

/**
 * Makes the scene's render loop THE frame clock (frameClock.ts): phase 1 samples the displayed
 * swarm source, phase 2 updates its links; upload, render and pick follow at their priorities.
 * While mounted, the clock's stand-in loop is off.
 */
export function FrameClockDriver() {
  useEffect(driveFromScene, [])
  useFrame(sceneSample, FRAME_PRIORITY.sample)
  useFrame(sceneLinks, FRAME_PRIORITY.links)
  return null
}
