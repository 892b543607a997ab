import type { ReactNode } from 'react'
import { BrandText } from './BrandText'
import styled, { keyframes } from 'styled-components'
import { media } from './theme'

const Scroll = styled.div`
  position: absolute;
  inset: 0;
  overflow-y: auto;
  pointer-events: auto;
  background: rgba(3, 6, 11, 0.72);
`
const Inner = styled.div`
  max-width: 1280px;
  margin: 0 auto;
  padding: 20px 24px 48px;
  display: flex;
  flex-direction: column;
  gap: 16px;
  ${media.mobile} {
    padding: 14px 12px 40px;
  }
`
const TitleRow = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
`
const H1 = styled.h1`
  margin: 0;
  font-size: 18px;
  letter-spacing: 0.18em;
  text-transform: uppercase;
  color: ${(p) => p.theme.color.accent};
  text-shadow: 0 0 10px rgba(0, 240, 200, 0.35);
`
const Sub = styled.p`
  margin: 4px 0 0;
  color: ${(p) => p.theme.color.muted};
  font-size: 12px;
`

/** A dashboard screen: DOM over the dimmed scene, scrolling on its own, title row + content. */
export function PageLayout({
  title,
  subtitle,
  actions,
  children,
}: {
  title: ReactNode
  subtitle?: ReactNode
  actions?: ReactNode
  children?: ReactNode
}) {
  return (
    // tabIndex: keyboard users can scroll a page that has no focusable content of its own (axe
    // scrollable-region-focusable), e.g. a teaser whose only buttons are disabled.
    <Scroll tabIndex={0}>
      <Inner>
        <TitleRow>
          <div>
            <H1>
              <BrandText>{title}</BrandText>
            </H1>
            {subtitle && <Sub>{subtitle}</Sub>}
          </div>
          {actions}
        </TitleRow>
        {children}
      </Inner>
    </Scroll>
  )
}

// The pulse never dims the text below 0.7: at 0.4 the accent on the page's ground fell to ~3:1
// mid-pulse (WCAG asks 4.5:1), and axe caught it whenever it scanned at the wrong moment.
const pulse = keyframes`50% { opacity: 0.7 }`
export const LoadingText = styled.p`
  color: ${(p) => p.theme.color.accent};
  animation: ${pulse} 1.2s ease-in-out infinite;
  margin: 0;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`
export const ErrorText = styled.p`
  color: ${(p) => p.theme.color.red};
  margin: 0;
`

/** Shown while a page's lazy chunk loads. */
export function PageLoading() {
  return (
    <Scroll>
      <Inner>
        <LoadingText role="status">Loading module...</LoadingText>
      </Inner>
    </Scroll>
  )
}

/**
 * Stands in for content that is still loading: laid out (a hidden copy of the loaded shape, so
 * nothing below moves when the content arrives), never seen, never read.
 */
export const Held = styled.span.attrs({ 'aria-hidden': true })`
  display: contents;
  visibility: hidden;
`
