#define SHADER_NAME grid.frag
// Grid: dim fine lines (10 units) that fade out when zoomed far out, brighter major lines (50).
precision highp float;

uniform vec3 uFineColor;
uniform vec3 uMajorColor;
uniform float uFineOpacity;
uniform float uMajorOpacity;

flat in float vMajor;

out vec4 fragColor;

void main() {
  fragColor = vMajor > 0.5 ? vec4(uMajorColor, uMajorOpacity) : vec4(uFineColor, uFineOpacity);
}
