import type { ReactNode } from 'react'
import styled from 'styled-components'
import { PanelFrame } from './Panel'

const Frame = styled(PanelFrame)`
  padding: 12px 14px;
  display: flex;
  flex-direction: column;
  gap: 6px;
`
const Label = styled.div`
  color: ${(p) => p.theme.color.muted};
  font-size: 11px;
  letter-spacing: 0.1em;
  text-transform: uppercase;
`
const Value = styled.div<{ $tone?: string }>`
  color: ${(p) => p.$tone ?? p.theme.color.accent};
  font-size: 22px;
  font-weight: 600;
  text-shadow: 0 0 8px rgba(0, 240, 200, 0.25);
`
const Foot = styled.div`
  color: ${(p) => p.theme.color.muted};
  font-size: 11px;
`

/** A summary figure: label, big value, optional footnote. */
export function Card({
  label,
  value,
  foot,
  tone,
  children,
}: {
  label: ReactNode
  value?: ReactNode
  foot?: ReactNode
  tone?: string
  children?: ReactNode
}) {
  return (
    <Frame>
      <Label>{label}</Label>
      {value !== undefined && <Value $tone={tone}>{value}</Value>}
      {children}
      {foot !== undefined && <Foot>{foot}</Foot>}
    </Frame>
  )
}

export const CardGrid = styled.div<{ $min?: number }>`
  /* a list of cards renders it as="ul" (its cards as="li"): no bullets, no indent */
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${(p) => p.$min ?? 180}px, 1fr));
  gap: 12px;
`
