#define SHADER_NAME links.frag
// Links: a teal line that fades out toward the link distance.
precision highp float;

uniform vec3 uColor;
uniform float uOpacity;

in float vFade;

out vec4 fragColor;

void main() {
  fragColor = vec4(uColor, uOpacity * vFade);
}
