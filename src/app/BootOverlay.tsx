import { useEffect, useState } from 'react'
import styled, { keyframes } from 'styled-components'
import { BOOTED_KEY, BOOT_EXIT_MS, BOOT_LINES, BOOT_STEP_MS, bootStage } from './boot'

const blink = keyframes`50% { opacity: 0 }`
const Screen = styled.div<{ $skippable: boolean }>`
  position: fixed;
  inset: 0;
  z-index: ${(p) => p.theme.layer.boot};
  background: ${(p) => p.theme.color.bg};
  display: flex;
  align-items: center;
  justify-content: center;
  cursor: ${(p) => (p.$skippable ? 'pointer' : 'default')};
`
const Lines = styled.div`
  width: min(460px, calc(100vw - 40px));
  font-size: 14px;
  color: ${(p) => p.theme.color.accent};
  p {
    margin: 0 0 6px;
  }
  p::before {
    content: '> ';
    color: ${(p) => p.theme.color.dim};
  }
`
const Granted = styled.div`
  margin-top: 18px;
  font-size: 22px;
  letter-spacing: 0.3em;
  color: ${(p) => p.theme.color.green};
  text-shadow: 0 0 14px rgba(57, 255, 136, 0.6);
`
const Cursor = styled.span`
  display: inline-block;
  width: 8px;
  height: 14px;
  background: currentColor;
  animation: ${blink} 1s step-end infinite;
  vertical-align: middle;
`
const Hint = styled.div`
  position: absolute;
  bottom: 24px;
  color: ${(p) => p.theme.color.dim};
  font-size: 11px;
`

const BOUNDARIES = [
  ...BOOT_LINES.slice(1).map((_, i) => (i + 1) * BOOT_STEP_MS),
  BOOT_LINES.length * BOOT_STEP_MS,
  BOOT_LINES.length * BOOT_STEP_MS + BOOT_EXIT_MS,
]

function readBooted(): boolean {
  try {
    return localStorage.getItem(BOOTED_KEY) === '1'
  } catch {
    return false
  }
}

/**
 * PRODUCT.md §2 boot overlay: six lines one per 500 ms, then 'ACCESS GRANTED', gone 800 ms later. A
 * returning visitor (booted before on this browser) may skip it with a click or any key.
 */
export function BootOverlay({ onDone }: { onDone: () => void }) {
  const [elapsed, setElapsed] = useState(0)
  const [skippable] = useState(readBooted)
  const stage = bootStage(elapsed)

  useEffect(() => {
    const timers = BOUNDARIES.map((t) => setTimeout(() => setElapsed(t), t))
    return () => timers.forEach(clearTimeout)
  }, [])

  useEffect(() => {
    if (!stage.done) return
    try {
      localStorage.setItem(BOOTED_KEY, '1')
    } catch {
      // private mode: nothing to remember
    }
    onDone()
  }, [stage.done, onDone])

  useEffect(() => {
    if (!skippable) return
    const skip = () => onDone()
    window.addEventListener('keydown', skip)
    return () => window.removeEventListener('keydown', skip)
  }, [skippable, onDone])

  if (stage.done) return null
  return (
    <Screen
      role="status"
      aria-live="polite"
      aria-label="System boot"
      data-testid="boot-overlay"
      $skippable={skippable}
      onClick={skippable ? onDone : undefined}
    >
      <Lines>
        {BOOT_LINES.slice(0, stage.lines).map((line) => (
          <p key={line}>{line}</p>
        ))}
        {stage.granted ? <Granted>ACCESS GRANTED</Granted> : <Cursor />}
      </Lines>
      {skippable && <Hint>Click or press any key to skip</Hint>}
    </Screen>
  )
}
