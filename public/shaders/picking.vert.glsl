#define SHADER_NAME picking.vert
// GPU picking (ARCHITECTURE.md "Picking"), rendered into a 1x1 target at the pointer. An agent
// within its selection threshold of the pointer covers the whole target at depth = its centre's
// distance to the pointer, so depth test LESS keeps the nearest one; any other agent is culled.
// Same geometry and draw mode as the agents (an instanced quad, or with AGENT_POINTS one point per
// agent).
precision highp float;
precision highp int;

// the view (src/scene/viewUniforms.ts): world point at the canvas centre, canvas CSS px, CSS px per unit
uniform vec2 uCenter;
uniform vec2 uViewport;
uniform float uZoom;
// pointer in CSS px from the canvas's top-left corner
uniform vec2 uPointer;
// 1 for touch (max(size*8, 25) px), 0 for a mouse (max(size*5, 15) px): src/scene/camera/gestures.ts
uniform float uTouch;
// distance that maps to the far plane
uniform float uMaxDepthPx;

in float instanceX;
in float instanceY;
in float instanceSize;
// the agent's index in the swarm (agents.vert.glsl): what a pick returns
in float instanceIndex;
#define AGENT_INDEX int(instanceIndex)
#ifndef AGENT_POINTS
// quad corner, -1..1: the quad covers the whole 1x1 target
in vec2 position;
#endif

flat out uint vId;

void main() {
  vec2 screen = (vec2(instanceX, instanceY) - uCenter) * uZoom + uViewport * 0.5;
  float d = distance(screen, uPointer);
  float threshold = uTouch > 0.5 ? max(instanceSize * 8.0, 25.0) : max(instanceSize * 5.0, 15.0);
  vId = uint(AGENT_INDEX + 1);
#ifdef AGENT_POINTS
  gl_PointSize = 2.0;
  vec2 corner = vec2(0.0);
#else
  vec2 corner = position;
#endif
  if (d > threshold) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  gl_Position = vec4(corner, min(d / uMaxDepthPx, 0.999) * 2.0 - 1.0, 1.0);
}
