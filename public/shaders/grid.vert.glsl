#define SHADER_NAME grid.vert
// Grid (PRODUCT.md §9: lines every 10 and every 50 world units): ONE gl.LINES draw of the visible
// lines, two vertices a line; lines [0, uCountX) are vertical, the rest horizontal.
precision highp float;
precision highp int;

// the view (src/scene/viewUniforms.ts): world point at the canvas centre, world→clip scale
uniform vec2 uCenter;
uniform vec2 uScale;
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
  int line = gl_VertexID / 2;
  vec2 p;
  float coord;
  if (line < uCountX) {
    coord = uFirstLine.x + float(line) * uStep;
    p = vec2(coord, mix(uVisible.y, uVisible.w, position));
  } else {
    coord = uFirstLine.y + float(line - uCountX) * uStep;
    p = vec2(mix(uVisible.x, uVisible.z, position), coord);
  }
  float k = coord / uMajorStep;
  vMajor = abs(k - floor(k + 0.5)) < 0.01 ? 1.0 : 0.0;
  gl_Position = vec4((p - uCenter) * uScale, 0.0, 1.0);
}
