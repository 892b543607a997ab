import { PerformanceMonitor } from '@react-three/drei'
import { useThree } from '@react-three/fiber'
import { useMemo } from 'react'
import { useSwarmStore } from '../state/swarmStoreContext'
import { frameRateBounds, pixelRatioFor } from './pixelRatio'

/**
 * Lowers the canvas's pixel ratio while frames drop and raises it back when they recover (drei's
 * PerformanceMonitor; pixelRatio.ts). After several swings it settles at 1. Only mounted where
 * the device has pixels to trade (ratio > 1): tablets and phones, not the DPR-1 benchmarks.
 * Left alone while a clip export holds the scene: its slow, hand-driven frames are no frame rate.
 */
export function AdaptivePixelRatio() {
  const setDpr = useThree((s) => s.setDpr)
  const store = useSwarmStore()
  const exporting = () => store.runtime.capture?.held === true
  const device = useMemo(() => (typeof window === 'undefined' ? 1 : window.devicePixelRatio), [])
  if (!(device > 1)) return null
  return (
    <PerformanceMonitor
      factor={1}
      flipflops={4}
      bounds={frameRateBounds}
      onChange={({ factor }) => {
        if (!exporting()) setDpr(pixelRatioFor(factor, device))
      }}
      onFallback={() => {
        if (!exporting()) setDpr(1)
      }}
    />
  )
}
