#define SHADER_NAME links.frag
// Links: thin translucent teal lines; dimmed unless both ends match the filter.
precision highp float;

uniform vec3 uColor;
uniform float uOpacity;

in float vMatch;

out vec4 fragColor;

void main() {
  fragColor = vec4(uColor, uOpacity * (vMatch > 0.5 ? 1.0 : 0.2));
}
