import { useId, type ReactNode } from 'react'
import styled from 'styled-components'
import { PanelFrame } from '../../ui/Panel'

/** A panel floating over the canvas: the only part of the overlay that takes the pointer. */
export const OverlayFrame = styled(PanelFrame)`
  pointer-events: auto;
  display: flex;
  flex-direction: column;
  min-height: 0;
  flex-shrink: 0;
`
const Head = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 6px 10px;
  border-bottom: 1px solid ${(p) => p.theme.color.border};
  color: ${(p) => p.theme.color.accent};
  font-size: 11px;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  min-height: 32px;
  &[data-collapsed='true'] {
    border-bottom-color: transparent;
  }
`
const H2 = styled.h2`
  margin: 0;
  font: inherit;
  white-space: nowrap;
`
const Body = styled.div`
  padding: 10px;
  min-height: 0;
  &[hidden] {
    display: none;
  }
`
const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
`
export const IconButton = styled.button.attrs<{ type?: 'button' | 'submit' | 'reset' }>((p) => ({
  type: p.type ?? 'button',
}))`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 24px;
  height: 24px;
  padding: 0 6px;
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  background: transparent;
  color: ${(p) => p.theme.color.accent};
  font-size: 11px;
  cursor: pointer;
  &:hover:not(:disabled) {
    border-color: ${(p) => p.theme.color.borderStrong};
    background: ${(p) => p.theme.color.accentSoft};
  }
  &:disabled {
    opacity: 0.4;
    cursor: not-allowed;
  }
`

/**
 * A titled overlay panel (a labelled region). With `onToggle` it is collapsible: the title bar gets
 * a button with aria-expanded that hides the body.
 */
export function OverlayPanel({
  title,
  actions,
  children,
  collapsed = false,
  onToggle,
  className,
  testId,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
  collapsed?: boolean
  onToggle?: () => void
  className?: string
  testId?: string
}) {
  const bodyId = useId()
  return (
    <OverlayFrame aria-label={title} className={className} data-testid={testId}>
      <Head data-collapsed={collapsed}>
        <H2>{title}</H2>
        <Actions>
          {actions}
          {onToggle && (
            <IconButton
              aria-expanded={!collapsed}
              aria-controls={bodyId}
              aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${title.toLowerCase()}`}
              onClick={onToggle}
            >
              {collapsed ? '+' : '−'}
            </IconButton>
          )}
        </Actions>
      </Head>
      <Body id={bodyId} hidden={collapsed}>
        {children}
      </Body>
    </OverlayFrame>
  )
}

/** A label/value row used by several panels. */
export const Row = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 8px;
  font-size: 12px;
  padding: 2px 0;
  dt,
  & > span:first-child {
    color: ${(p) => p.theme.color.muted};
    font-size: 11px;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`
