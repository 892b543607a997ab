import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Button } from './Button'

/** Copies text: the async Clipboard API, else a hidden textarea + execCommand (insecure origins). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text)
      return
    } catch {
      // permission denied or no user activation: try the legacy path below
    }
  }
  const ta = document.createElement('textarea')
  ta.value = text
  ta.setAttribute('readonly', '')
  ta.style.position = 'fixed'
  ta.style.opacity = '0'
  document.body.appendChild(ta)
  ta.select()
  const ok = document.execCommand('copy')
  ta.remove()
  if (!ok) throw new Error('Copy failed')
}

/** What a copy control shows: idle, or the outcome of the last copy for `confirmMs`. */
export type CopyState = 'idle' | 'copied' | 'failed'

/**
 * A copy control's state: `copy(text)` copies and shows 'copied' (or 'failed', after calling
 * `onFail`) for `confirmMs`, then 'idle' again.
 */
export function useCopyState(confirmMs: number) {
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  const copy = (text: string, onFail?: () => void) => {
    const show = (s: 'copied' | 'failed') => {
      setState(s)
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(() => setState('idle'), confirmMs)
    }
    copyText(text).then(
      () => show('copied'),
      () => {
        show('failed')
        onFail?.()
      },
    )
  }
  return { state, copy }
}

/**
 * A copy button that reads 'Copied!' for `confirmMs` (2 s, PRODUCT.md §2/§9) after a successful
 * copy.
 */
export function CopyButton({
  text,
  label,
  children = 'Copy',
  confirmMs = 2000,
  size = 'sm',
}: {
  text: string
  /** accessible name, e.g. 'Copy contract address' */
  label: string
  children?: ReactNode
  confirmMs?: number
  size?: 'sm' | 'md'
}) {
  const { state, copy } = useCopyState(confirmMs)
  const onClick = () => copy(text)
  return (
    <Button $size={size} onClick={onClick} aria-label={state === 'idle' ? label : undefined}>
      <span aria-live="polite">
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : children}
      </span>
    </Button>
  )
}
