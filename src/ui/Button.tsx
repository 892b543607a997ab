import styled, { css } from 'styled-components'

type Variant = 'primary' | 'ghost' | 'danger'

/** The one button. `disabled` dims it and blocks the pointer; variants change the accent. */
export const Button = styled.button.attrs<{ type?: string }>((p) => ({
  type: p.type ?? 'button',
}))<{
  $variant?: Variant
  $size?: 'sm' | 'md'
}>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  padding: ${(p) => (p.$size === 'sm' ? '3px 8px' : '7px 14px')};
  font-size: ${(p) => (p.$size === 'sm' ? '11px' : '12px')};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  border-radius: ${(p) => p.theme.radius};
  border: 1px solid ${(p) => p.theme.color.borderStrong};
  background: ${(p) => p.theme.color.accentSoft};
  color: ${(p) => p.theme.color.accent};
  cursor: pointer;
  transition:
    background 0.15s,
    box-shadow 0.15s;
  white-space: nowrap;
  /* also rendered as a link (as="a": the wallets' browse links) */
  text-decoration: none;
  &:hover:not(:disabled) {
    background: rgba(0, 240, 200, 0.22);
    box-shadow: ${(p) => p.theme.shadow.glow};
  }
  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
  ${(p) =>
    p.$variant === 'ghost' &&
    css`
      background: transparent;
      border-color: ${p.theme.color.border};
      color: ${p.theme.color.text};
    `}
  ${(p) =>
    p.$variant === 'danger' &&
    css`
      background: rgba(255, 77, 94, 0.12);
      border-color: rgba(255, 77, 94, 0.6);
      color: ${p.theme.color.red};
    `}
`
