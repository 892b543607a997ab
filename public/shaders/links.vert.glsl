#define SHADER_NAME links.vert
// Links: ONE indexed gl.LINES draw. The vertices are the agents themselves (their fields as
// per-vertex attributes); the index buffer holds the sim's link pairs (src/sim/links.ts).
precision highp float;
precision highp int;

// the view (src/scene/viewUniforms.ts): world point at the canvas centre, world→clip scale
uniform vec2 uCenter;
uniform vec2 uScale;
// the filter (src/scene/filterUniforms.ts), as in agents.vert.glsl
uniform int uFilterOn;
uniform int uFilterTypes;
uniform int uFilterStatuses;
uniform int uFilterModes;
uniform int uFilterEnergy;
uniform int uFilterFailing;

in float agentX;
in float agentY;
in float agentType;
in float agentStatus;
in float agentMode;
in float agentEnergy;
in float agentFlags;

// 1 at an end that matches the filter, -1000 at one that does not: interpolated along the link it
// stays above 0.5 only when both ends match (but for the last 1/2000 of the line)
out float vMatch;

// agentMatches of src/sim/agentFilter.ts (the same test as agents.vert.glsl)
bool matchesFilter(float type, float status, float mode, float energy, bool failing) {
  if (uFilterOn == 0) return true;
  int band = energy < 25.0 ? 0 : energy < 50.0 ? 1 : energy < 75.0 ? 2 : 3;
  return (uFilterTypes == 0 || (uFilterTypes & (1 << int(type))) != 0) &&
    (uFilterStatuses == 0 || (uFilterStatuses & (1 << int(status))) != 0) &&
    (uFilterModes == 0 || (uFilterModes & (1 << int(mode))) != 0) &&
    (uFilterEnergy == 0 || (uFilterEnergy & (1 << band)) != 0) &&
    (uFilterFailing == 0 || failing);
}

void main() {
  bool failing = mod(floor(agentFlags * 0.5), 2.0) >= 1.0;
  vMatch = matchesFilter(agentType, agentStatus, agentMode, agentEnergy, failing) ? 1.0 : -1000.0;
  gl_Position = vec4((vec2(agentX, agentY) - uCenter) * uScale, 0.0, 1.0);
}
