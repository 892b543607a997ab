#define SHADER_NAME links.vert
// Links: one instanced line per pair (src/sim/links.ts LinkBuffers a[k], b[k]). Endpoint positions
// come from a float texture of the agents' x/y so links follow agents between link recomputations.
precision highp float;
precision highp int;
precision highp sampler2D;

uniform mat4 projectionMatrix;
uniform mat4 modelViewMatrix;
// RG32F: (x, y) of agent i at texel (i % width, i / width)
uniform sampler2D uPositions;
uniform int uTextureWidth;
// link distance (§9: 120 units)
uniform float uMaxLength;

// 0 at the first endpoint, 1 at the second
in float position;
in uint instanceA;
in uint instanceB;

out float vFade;

vec2 agentPosition(uint i) {
  int k = int(i);
  return texelFetch(uPositions, ivec2(k % uTextureWidth, k / uTextureWidth), 0).rg;
}

void main() {
  vec2 a = agentPosition(instanceA);
  vec2 b = agentPosition(instanceB);
  vec2 p = position < 0.5 ? a : b;
  vFade = clamp(1.0 - distance(a, b) / uMaxLength, 0.0, 1.0);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(p.x, -p.y, 0.0, 1.0);
}
