#define SHADER_NAME picking.frag
// GPU picking: the colour is the agent index + 1 in little-endian RGBA bytes (0 = no agent).
precision highp float;
precision highp int;

flat in uint vId;

out vec4 fragColor;

void main() {
  fragColor = vec4(
    float(vId & 255u),
    float((vId >> 8u) & 255u),
    float((vId >> 16u) & 255u),
    float((vId >> 24u) & 255u)
  ) / 255.0;
}
