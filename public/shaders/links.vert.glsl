#define SHADER_NAME links.vert
// Links: ONE indexed gl.LINES draw. The vertices are the agents themselves (their x/y arrays as
// per-vertex attributes); the index buffer holds the sim's link pairs (src/sim/links.ts).
precision highp float;

// the view (src/scene/viewUniforms.ts): world point at the canvas centre, world→clip scale
uniform vec2 uCenter;
uniform vec2 uScale;

in float agentX;
in float agentY;

void main() {
  gl_Position = vec4((vec2(agentX, agentY) - uCenter) * uScale, 0.0, 1.0);
}
