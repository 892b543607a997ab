#define SHADER_NAME picking.vert
// GPU picking (DESIGN.md §2), rendered into a 1x1 target at the pointer. An agent within its
// selection threshold of the pointer covers the whole target at depth = its centre's distance to
// the pointer, so depth test LESS keeps the nearest one; any other agent is culled.
precision highp float;
precision highp int;

uniform mat4 projectionMatrix;
uniform mat4 modelViewMatrix;
uniform vec2 uViewport;
// pointer in CSS px from the canvas's top-left corner
uniform vec2 uPointer;
// 1 for touch (max(size*8, 25) px), 0 for a mouse (max(size*5, 15) px): src/scene/camera/gestures.ts
uniform float uTouch;
// distance that maps to the far plane
uniform float uMaxDepthPx;

in vec2 position;
in float instanceX;
in float instanceY;
in float instanceSize;

flat out uint vId;

void main() {
  vec4 clip = projectionMatrix * modelViewMatrix * vec4(instanceX, -instanceY, 0.0, 1.0);
  vec2 screen = vec2(clip.x + 1.0, 1.0 - clip.y) * 0.5 * uViewport;
  float d = distance(screen, uPointer);
  float threshold = uTouch > 0.5 ? max(instanceSize * 8.0, 25.0) : max(instanceSize * 5.0, 15.0);
  vId = uint(gl_InstanceID + 1);
  if (d > threshold) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  gl_Position = vec4(position, min(d / uMaxDepthPx, 0.999) * 2.0 - 1.0, 1.0);
}
