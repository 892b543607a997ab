import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { glass } from '../ui/glass'
import { media } from '../ui/theme'
import { formatClock } from '../ui/format'

/** PRODUCT.md §4: header indicators flip at random every 8 s. */
const HEADER_FLIP_MS = 8000
const ENERGY_TEXT = '98.7%'

interface Indicators {
  network: 'STABLE' | 'UNSTABLE'
  secure: 'SECURED' | 'ALERT'
  system: 'OPERATIONAL' | 'DEGRADED'
}
const GOOD: Indicators = { network: 'STABLE', secure: 'SECURED', system: 'OPERATIONAL' }

function roll(): Indicators {
  return {
    network: Math.random() < 0.8 ? 'STABLE' : 'UNSTABLE',
    secure: Math.random() < 0.85 ? 'SECURED' : 'ALERT',
    system: Math.random() < 0.8 ? 'OPERATIONAL' : 'DEGRADED',
  }
}

const Bar = styled.header`
  height: 44px;
  display: flex;
  align-items: center;
  gap: 18px;
  padding: 0 14px;
  border-bottom: 1px solid ${(p) => p.theme.color.border};
  background: rgba(3, 8, 14, 0.88);
  ${glass}
  font-size: 11px;
  letter-spacing: 0.08em;
  position: relative;
  z-index: ${(p) => p.theme.layer.chrome};
  ${media.mobile} {
    /* GOTCHA: on a 390 px phone the four values and the clock only fit without letter-spacing. */
    gap: 8px;
    padding: 0 8px;
    font-size: 10px;
    letter-spacing: 0;
  }
`
const Brand = styled.div`
  color: ${(p) => p.theme.color.accent};
  font-weight: 700;
  letter-spacing: 0.2em;
  white-space: nowrap;
`
const Spacer = styled.div`
  flex: 1;
`
const Ind = styled.div<{ $ok: boolean }>`
  display: flex;
  align-items: center;
  gap: 6px;
  white-space: nowrap;
  color: ${(p) => p.theme.color.muted};
  b {
    font-weight: 500;
    color: ${(p) => (p.$ok ? p.theme.color.green : p.theme.color.amber)};
  }
  &::before {
    content: '';
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: ${(p) => (p.$ok ? p.theme.color.green : p.theme.color.amber)};
    box-shadow: 0 0 6px currentColor;
  }
`
/* GOTCHA: a 390 px phone cannot fit the four labels and values on one line; there each label sits
   above its value (two short lines) instead of being dropped. */
const Txt = styled.span`
  display: inline-flex;
  gap: 6px;
  ${media.mobile} {
    flex-direction: column;
    gap: 0;
    line-height: 1.15;
    span {
      font-size: 8px;
      letter-spacing: 0.06em;
    }
  }
`
const Clock = styled.time`
  color: ${(p) => p.theme.color.text};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`
const HideMobile = styled.div`
  display: contents;
  ${media.mobile} {
    display: none;
  }
`

function useClock() {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(id)
  }, [])
  return now
}

/** The shared top bar: brand, live clock, NETWORK / SECURE / SYSTEM indicators, ENERGY 98.7%. */
export function Header({ left }: { left?: React.ReactNode }) {
  const now = useClock()
  const [ind, setInd] = useState<Indicators>(GOOD)
  useEffect(() => {
    const id = setInterval(() => setInd(roll()), HEADER_FLIP_MS)
    return () => clearInterval(id)
  }, [])

  return (
    <Bar>
      {left}
      <HideMobile>
        <Brand>vPOS</Brand>
      </HideMobile>
      <Spacer />
      <Ind $ok={ind.network === 'STABLE'} data-testid="ind-network">
        <Txt>
          <span>NETWORK</span> <b>{ind.network}</b>
        </Txt>
      </Ind>
      <Ind $ok={ind.secure === 'SECURED'} data-testid="ind-secure">
        <Txt>
          <span>SECURE</span> <b>{ind.secure}</b>
        </Txt>
      </Ind>
      <Ind $ok={ind.system === 'OPERATIONAL'} data-testid="ind-system">
        <Txt>
          <span>SYSTEM</span> <b>{ind.system}</b>
        </Txt>
      </Ind>
      <Ind $ok data-testid="ind-energy">
        <Txt>
          <span>ENERGY</span> <b>{ENERGY_TEXT}</b>
        </Txt>
      </Ind>
      <Clock dateTime={now.toISOString()} data-testid="clock">
        {formatClock(now)}
      </Clock>
    </Bar>
  )
}
