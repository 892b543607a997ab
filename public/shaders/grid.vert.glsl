#define SHADER_NAME grid.vert
// Grid (§9: lines every 10 and every 50 world units): one instanced line per visible grid line;
// instances [0, uCountX) are vertical lines, the rest horizontal.
precision highp float;
precision highp int;

uniform mat4 projectionMatrix;
uniform mat4 modelViewMatrix;
// world coordinates of the first visible vertical (x) and horizontal (y) line
uniform vec2 uFirstLine;
uniform float uStep;
uniform float uMajorStep;
uniform int uCountX;
// visible world rectangle: min x, min y, max x, max y
uniform vec4 uVisible;

// 0 at one end of the line, 1 at the other
in float position;

flat out float vMajor;

void main() {
  vec2 p;
  float coord;
  if (gl_InstanceID < uCountX) {
    coord = uFirstLine.x + float(gl_InstanceID) * uStep;
    p = vec2(coord, mix(uVisible.y, uVisible.w, position));
  } else {
    coord = uFirstLine.y + float(gl_InstanceID - uCountX) * uStep;
    p = vec2(mix(uVisible.x, uVisible.z, position), coord);
  }
  float k = coord / uMajorStep;
  vMajor = abs(k - floor(k + 0.5)) < 0.01 ? 1.0 : 0.0;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(p.x, -p.y, 0.0, 1.0);
}
