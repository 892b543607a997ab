#define SHADER_NAME picking.frag
// GPU picking: the colour is the agent index + 1 in little-endian RGB bytes, alpha 1; the target is
// cleared to 0 (alpha 0 = no agent within its threshold).
precision highp float;
precision highp int;

flat in uint vId;

out vec4 fragColor;

void main() {
  fragColor = vec4(
    float(vId & 255u) / 255.0,
    float((vId >> 8u) & 255u) / 255.0,
    float((vId >> 16u) & 255u) / 255.0,
    1.0
  );
}
