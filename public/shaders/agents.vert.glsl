#define SHADER_NAME agents.vert
// Agents. The per-agent attributes are the sim's typed arrays (src/sim/types.ts AgentBuffers)
// uploaded as they are. Drawn as ONE instanced draw of a quad per agent; with AGENT_POINTS
// (software WebGL, src/scene/agents/agentDraw.ts) as ONE gl.POINTS draw, a point sprite per agent.
precision highp float;
precision highp int;

// the view (src/scene/viewUniforms.ts): world point at the canvas centre, world→clip scale
// (2·zoom / canvas size, y flipped: the world's y grows downward), canvas CSS px, CSS px per unit
uniform vec2 uCenter;
uniform vec2 uScale;
uniform vec2 uViewport;
uniform float uZoom;
// animation clock (s); frozen while the sim is paused
uniform float uTime;
// TYPE_COLORS of src/sim/agents.ts (standard, analyzer, collector, processor, other = teal)
uniform vec3 uTypeColors[5];
uniform vec3 uFailingColor;
// the filter (src/scene/filterUniforms.ts, src/sim/agentFilter.ts): a bit mask per group (bit k =
// value k; 0 = no condition) and whether only failing agents match; uFilterOn 0 = every agent bright
uniform int uFilterOn;
uniform int uFilterTypes;
uniform int uFilterStatuses;
uniform int uFilterModes;
uniform int uFilterEnergy;
uniform int uFilterFailing;

in float instanceX;
in float instanceY;
in float instanceSize;
in float instanceEnergy;
in float instancePulseRate;
in float instanceType;
in float instanceStatus;
in float instanceFlags;
in float instanceMode;
// the agent's index in the swarm (the vertex/instance order is not: a view set lists some agents)
in float instanceIndex;
#define AGENT_INDEX int(instanceIndex)

#ifdef AGENT_POINTS
// device px per CSS px, and the largest point the GPU draws
uniform float uPixelRatio;
uniform float uMaxPointSize;
// half the sprite's side in CSS px
flat out float vExtent;
#else
// quad corner, -1..1
in vec2 position;
// CSS px offset of this fragment from the agent's centre
out vec2 vLocal;
#endif
flat out float vRadius;
flat out vec3 vColor;
flat out float vAlpha;
flat out float vGlow;
// -1 none, 0 or 1: the two positions of the processing spinner (toggles every 750 ms)
flat out float vSpinner;
flat out float vFailing;


const float STATUS_IDLE = 1.0;
const float STATUS_PROCESSING = 2.0;
const float STATUS_OTHER = 3.0;
const float PI = 3.14159265;

// agentMatches of src/sim/agentFilter.ts (links.vert.glsl holds the same test for a link's ends)
bool matchesFilter(float type, float status, float mode, float energy, bool failing) {
  if (uFilterOn == 0) return true;
  int band = energy < 25.0 ? 0 : energy < 50.0 ? 1 : energy < 75.0 ? 2 : 3;
  return (uFilterTypes == 0 || (uFilterTypes & (1 << int(type))) != 0) &&
    (uFilterStatuses == 0 || (uFilterStatuses & (1 << int(status))) != 0) &&
    (uFilterModes == 0 || (uFilterModes & (1 << int(mode))) != 0) &&
    (uFilterEnergy == 0 || (uFilterEnergy & (1 << band)) != 0) &&
    (uFilterFailing == 0 || failing);
}

void cull() {
  gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
#ifdef AGENT_POINTS
  gl_PointSize = 1.0;
#endif
}

void main() {
  vec2 centre = (vec2(instanceX, instanceY) - uCenter) * uScale;
  // Off-screen agents (most of a 100,000-agent world): nothing else to compute.
  float reach = (instanceSize * 3.5 * uZoom + 8.0) * 2.0 / min(uViewport.x, uViewport.y);
  if (abs(centre.x) > 1.0 + reach || abs(centre.y) > 1.0 + reach) {
    cull();
    return;
  }

  float flags = instanceFlags;
  bool glow = mod(flags, 2.0) >= 1.0;
  bool failing = mod(floor(flags * 0.5), 2.0) >= 1.0;
  // a stable per-agent phase so the swarm does not pulse in lockstep
  float phase = fract(sin(float(AGENT_INDEX) * 12.9898) * 43758.5453) * 2.0 * PI;
  float pulse = 0.5 + 0.5 * sin(uTime * instancePulseRate * PI + phase);

  float radius = max(instanceSize * uZoom * (1.0 + 0.12 * pulse), 1.0);
  int type = int(clamp(instanceType, 0.0, 4.0));
  float energy = clamp(instanceEnergy, 0.0, 100.0) / 100.0;
  // low energy dims an agent; a failing one stays full red and a little larger, to carry its cross
  vec3 color = failing ? uFailingColor : uTypeColors[type] * (0.6 + 0.4 * energy);
  if (failing) radius = max(radius * 1.25, 4.0);
  if (instanceStatus == STATUS_OTHER) color = mix(color, vec3(0.55), 0.6);

  vRadius = radius;
  vColor = color;
  vAlpha = instanceStatus == STATUS_IDLE && !failing ? 0.7 : 1.0;
  vGlow = glow || failing ? 0.3 + 0.4 * pulse : 0.0;
  vFailing = failing ? 1.0 : 0.0;
  vSpinner = instanceStatus == STATUS_PROCESSING && !failing ? mod(floor(uTime / 0.75), 2.0) : -1.0;
  // outside the filter: dimmed and greyed, no glow and no spinner (still drawn, still pickable)
  if (!matchesFilter(instanceType, instanceStatus, instanceMode, instanceEnergy, failing)) {
    vColor = mix(color, vec3(dot(color, vec3(0.299, 0.587, 0.114))), 0.65);
    vAlpha *= 0.18;
    vGlow = 0.0;
    vSpinner = -1.0;
  }

  float extent = radius * (vGlow > 0.0 ? 3.0 : vSpinner >= 0.0 ? 2.1 : 1.0) + 1.5;
  if (vSpinner >= 0.0) extent = max(extent, 7.0);
#ifdef AGENT_POINTS
  extent = min(extent, 0.5 * uMaxPointSize / uPixelRatio);
  vExtent = extent;
  gl_PointSize = 2.0 * extent * uPixelRatio;
  gl_Position = vec4(centre, 0.0, 1.0);
#else
  vLocal = position * extent;
  gl_Position = vec4(centre + vLocal * 2.0 / uViewport, 0.0, 1.0);
#endif
}
