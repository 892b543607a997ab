#define SHADER_NAME cursor.frag
// The keyboard cursor's ring: 2 px wide at uRadius, anti-aliased, with a dark edge inside so it
// reads over a bright agent's glow.
precision highp float;

uniform float uRadius;
uniform vec3 uColor;

in vec2 vLocal;

out vec4 fragColor;

void main() {
  float d = length(vLocal);
  float ring = 1.0 - smoothstep(1.0, 2.0, abs(d - uRadius));
  float edge = 1.0 - smoothstep(0.5, 1.5, abs(d - (uRadius - 2.0)));
  float alpha = max(ring, edge * 0.6);
  if (alpha <= 0.0) discard;
  fragColor = vec4(uColor * ring, alpha);
}
