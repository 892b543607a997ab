#define SHADER_NAME agents.frag
// Agents: a disc in the type colour, a pulsing glow, the processing spinner, failing red with a cross.
precision highp float;

#ifdef AGENT_POINTS
flat in float vExtent;
#else
in vec2 vLocal;
#endif
flat in float vRadius;
flat in vec3 vColor;
flat in float vAlpha;
flat in float vGlow;
flat in float vSpinner;
flat in float vFailing;

out vec4 fragColor;

const float PI = 3.14159265;
// half a CSS px of antialiasing on every edge
const float AA = 0.75;

void main() {
#ifdef AGENT_POINTS
  vec2 local = (gl_PointCoord * 2.0 - 1.0) * vExtent;
#else
  vec2 local = vLocal;
#endif
  float d = length(local);
  float r = vRadius;
  float core = 1.0 - smoothstep(r - AA, r + AA, d);
  vec3 color = vColor;
  float alpha = core * vAlpha;

  if (vGlow > 0.0) {
    float t = max(d - r, 0.0) / (r * 1.2 + 1.0);
    float halo = vGlow * exp(-t * t * 2.0) * (1.0 - core);
    color = mix(color, vColor, halo);
    alpha = alpha + halo * (1.0 - alpha);
  }

  // spinner ring: four short arcs that rotate by 45 degrees every 750 ms
  if (vSpinner >= 0.0) {
    float inner = max(r * 1.5, r + 2.0);
    float outer = inner + max(r * 0.35, 1.2);
    float ring = smoothstep(inner - AA, inner + AA, d) * (1.0 - smoothstep(outer - AA, outer + AA, d));
    float a = atan(local.y, local.x) + vSpinner * PI * 0.25;
    float arc = step(0.5, fract(a / (PI * 0.5)));
    float s = ring * arc * 0.9;
    color = mix(color, vec3(1.0), s * (1.0 - core));
    alpha = max(alpha, s);
  }

  // failing: a light cross inside the red disc
  if (vFailing > 0.5) {
    float arm = r * 0.7;
    float w = max(r * 0.09, 0.45);
    float l1 = abs(local.x - local.y) * 0.70710678;
    float l2 = abs(local.x + local.y) * 0.70710678;
    float along = max(l1, l2);
    float cross = (1.0 - smoothstep(w - AA * 0.5, w + AA * 0.5, min(l1, l2))) * (1.0 - smoothstep(arm - AA, arm, along));
    color = mix(color, vec3(1.0, 0.92, 0.92), cross * 0.95);
  }

  if (alpha < 0.004) discard;
  fragColor = vec4(color, alpha);
}
