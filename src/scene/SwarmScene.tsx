import { Canvas } from '@react-three/fiber'
import { useMemo } from 'react'
import { BufferGeometry, Float32BufferAttribute } from 'three'

const EXTENT = 1000

function gridGeometry(step: number) {
  const pts: number[] = []
  for (let v = -EXTENT; v <= EXTENT; v += step) {
    pts.push(v, -EXTENT, 0, v, EXTENT, 0, -EXTENT, v, 0, EXTENT, v, 0)
  }
  const g = new BufferGeometry()
  g.setAttribute('position', new Float32BufferAttribute(pts, 3))
  return g
}

/** The swarm canvas (lazy chunk with three.js): orthographic camera over the world grid. */
export default function SwarmScene() {
  const fine = useMemo(() => gridGeometry(10), [])
  const coarse = useMemo(() => gridGeometry(50), [])
  return (
    <Canvas orthographic camera={{ zoom: 1, position: [0, 0, 100] }} dpr={[1, 2]} gl={{ antialias: true }}>
      <color attach="background" args={['#03060b']} />
      <lineSegments geometry={fine}>
        <lineBasicMaterial color="#0b2a2a" transparent opacity={0.35} />
      </lineSegments>
      <lineSegments geometry={coarse}>
        <lineBasicMaterial color="#0f4a46" transparent opacity={0.55} />
      </lineSegments>
    </Canvas>
  )
}
