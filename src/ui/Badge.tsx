import styled from 'styled-components'

export type Tone = 'accent' | 'green' | 'yellow' | 'amber' | 'red' | 'blue' | 'purple' | 'muted'

/** A small uppercase status label in one of the theme tones. */
export const Badge = styled.span<{ $tone?: Tone }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 1px 7px;
  border-radius: 999px;
  font-size: 10px;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  white-space: nowrap;
  color: ${(p) => p.theme.color[p.$tone ?? 'accent']};
  border: 1px solid currentColor;
  background: rgba(0, 0, 0, 0.35);
`
