#define SHADER_NAME links.frag
// Links: thin translucent teal lines.
precision highp float;

uniform vec3 uColor;
uniform float uOpacity;

out vec4 fragColor;

void main() {
  fragColor = vec4(uColor, uOpacity);
}
