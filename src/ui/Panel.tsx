import type { HTMLAttributes, ReactNode, Ref } from 'react'
import { BrandText } from './BrandText'
import styled from 'styled-components'
import { glass } from './glass'

export const PanelFrame = styled.section`
  background: ${(p) => p.theme.color.panel};
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  ${glass}
  min-width: 0;
`

const Head = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 8px 12px;
  border-bottom: 1px solid ${(p) => p.theme.color.border};
  color: ${(p) => p.theme.color.accent};
  font-size: 11px;
  letter-spacing: 0.12em;
  text-transform: uppercase;
`

const Body = styled.div`
  padding: 12px;
`

/** A bordered panel with an uppercase title bar; `actions` sit at the right of the title. */
export function Panel({
  title,
  actions,
  children,
  className,
  ref,
  ...rest
}: {
  title?: ReactNode
  actions?: ReactNode
  children?: ReactNode
  className?: string
  ref?: Ref<HTMLElement>
} & HTMLAttributes<HTMLElement>) {
  return (
    <PanelFrame
      ref={ref}
      className={className}
      aria-label={typeof title === 'string' ? title : undefined}
      {...rest}
    >
      {title !== undefined && (
        <Head>
          <h2 style={{ margin: 0, font: 'inherit' }}>
            <BrandText>{title}</BrandText>
          </h2>
          {actions}
        </Head>
      )}
      <Body>{children}</Body>
    </PanelFrame>
  )
}
