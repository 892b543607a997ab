import type { ReactNode } from 'react'
import { BrandText } from './BrandText'
import styled, { keyframes } from 'styled-components'
import { Icon } from './icons'
import { media } from './theme'
import { PanelFrame } from './Panel'

const sweep = keyframes`
  from { transform: translateX(-100%) }
  to { transform: translateX(100%) }
`
const Frame = styled(PanelFrame)`
  position: relative;
  overflow: hidden;
  padding: 40px 32px 36px;
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 14px;
  border-color: ${(p) => p.theme.color.borderStrong};
  box-shadow:
    inset 0 0 60px rgba(0, 240, 200, 0.06),
    0 0 24px rgba(0, 240, 200, 0.08);
  &::before {
    /* A light sweep along the top edge. It moves by a transform, which the compositor runs alone:
       the background-position it used to animate repainted and re-rastered the strip every
       frame, and on software WebGL that kept the GPU process too busy for the scene to start
       without holding the page (docs/ARCHITECTURE.md, "The scene never blocks a page"). */
    content: '';
    position: absolute;
    inset: 0 0 auto;
    height: 2px;
    background: linear-gradient(90deg, transparent, ${(p) => p.theme.color.accent}, transparent);
    will-change: transform;
    animation: ${sweep} 4s linear infinite;
    @media (prefers-reduced-motion: reduce) {
      animation: none;
      transform: none;
    }
  }
  /* On software WebGL even a compositor-only animation costs a whole-screen composite every frame
     (~60 a second), which kept the GPU process busy for as long as the page showed: the sweep
     stands still there, as the glass surfaces drop their blur (glass.ts). */
  html[data-software-gl='1'] &::before {
    animation: none;
    transform: none;
  }
  ${media.mobile} {
    padding: 28px 16px 24px;
  }
`
const Eyebrow = styled.div`
  color: ${(p) => p.theme.color.muted};
  font-size: 11px;
  letter-spacing: 0.3em;
  text-transform: uppercase;
`
const Title = styled.h2`
  margin: 0;
  font-size: 30px;
  line-height: 1.2;
  letter-spacing: 0.08em;
  color: ${(p) => p.theme.color.accent};
  text-shadow: 0 0 18px rgba(0, 240, 200, 0.45);
  overflow-wrap: anywhere;
  ${media.mobile} {
    font-size: 22px;
  }
`
const Tagline = styled.p`
  margin: 0;
  color: ${(p) => p.theme.color.text};
  font-size: 14px;
  letter-spacing: 0.12em;
`
const IconRing = styled.div`
  width: 64px;
  height: 64px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  color: ${(p) => p.theme.color.accent};
  border: 1px solid ${(p) => p.theme.color.borderStrong};
  background: ${(p) => p.theme.color.accentSoft};
  box-shadow: ${(p) => p.theme.shadow.glow};
`

/** The centred hero of a teaser screen: icon, eyebrow, headline, tagline, then badges/actions. */
export function TeaserHero({
  icon,
  eyebrow,
  title,
  tagline,
  children,
}: {
  icon?: ReactNode
  eyebrow?: ReactNode
  title: ReactNode
  tagline?: ReactNode
  children?: ReactNode
}) {
  return (
    <Frame>
      {icon && <IconRing aria-hidden="true">{icon}</IconRing>}
      {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
      <Title>
        <BrandText>{title}</BrandText>
      </Title>
      {tagline && <Tagline>{tagline}</Tagline>}
      {children}
    </Frame>
  )
}

/** A row of badges or buttons under a hero, wrapping on narrow screens. */
export const TeaserRow = styled.div`
  display: flex;
  gap: 10px;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
`

/** Body copy under a hero headline. */
export const TeaserText = styled.p`
  margin: 0;
  max-width: 560px;
  color: ${(p) => p.theme.color.muted};
  font-size: 13px;
`

/** A padlock (the navigation's line-icon set). */
export function LockIcon({ size = 28 }: { size?: number }) {
  return <Icon name="lock" size={size} />
}
