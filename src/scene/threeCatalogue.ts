/**
 * The three.js classes the scene's JSX names (`<mesh>`, `<points>`, `<lineSegments>`, `<color>`):
 * react-three-fiber's catalogue. Its `<Canvas>` registers `import * as THREE from 'three'`, which
 * keeps every export of three.js in the scene's chunk; the build hands it this module instead
 * (scripts/threeCatalogue.ts), so three.js is tree-shaken to what the scene and the renderer use
 * (docs/ARCHITECTURE.md, "The scene's chunk"). A JSX element whose class is missing here fails at
 * its first render with r3f's "is not part of the THREE namespace" error: add the class below.
 */
export { Color, LineSegments, Mesh, Points } from 'three'
