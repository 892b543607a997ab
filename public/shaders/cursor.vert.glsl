#define SHADER_NAME cursor.vert
// The keyboard cursor (src/scene/cursor): a ring around the agent it is on, ONE quad in CSS px
// around the agent's world position, placed with the view uniforms like every scene shader.
precision highp float;

uniform vec2 uCenter;
uniform vec2 uScale;
uniform vec2 uViewport;
// the agent's world position; the ring's radius (CSS px)
uniform vec2 uCursor;
uniform float uRadius;

// quad corner, -1..1
in vec3 position;
// CSS px offset of this fragment from the agent's centre
out vec2 vLocal;

void main() {
  vLocal = position.xy * (uRadius + 3.0);
  vec2 centre = (uCursor - uCenter) * uScale;
  gl_Position = vec4(centre + vLocal * 2.0 / uViewport, 0.0, 1.0);
}
