import { Sphere, Vector3 } from 'three'

/**
 * Bounds for geometries whose vertices are placed by their shaders: three.js would otherwise
 * compute a sphere from the raw `position` attribute (a unit quad, or a 1-component line whose
 * missing y/z give NaN) when it sorts transparent objects. Every such mesh is also frustumCulled=false.
 */
export function unboundedSphere(): Sphere {
  return new Sphere(new Vector3(0, 0, 0), Number.MAX_SAFE_INTEGER)
}
