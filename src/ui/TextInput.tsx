import styled from 'styled-components'

/**
 * A one-line text field of the design system: dark well, thin border; focused, a 2 px accent ring
 * outside it (WCAG 2.2 focus appearance: the brighter border alone was 1 px at 22 → 55 % opacity).
 */
export const TextInput = styled.input`
  flex: 1;
  min-width: 0;
  padding: 9px 12px;
  background: rgba(0, 0, 0, 0.35);
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  &:focus {
    outline: none;
    border-color: ${(p) => p.theme.color.borderStrong};
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.color.accent};
    outline-offset: 2px;
  }
`
