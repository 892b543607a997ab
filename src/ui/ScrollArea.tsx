import {
  forwardRef,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react'
import styled from 'styled-components'
import { NO_OVERFLOW, overflowOf, sameOverflow, type Overflow } from './overflow'

const Wrap = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  min-height: 0;
  min-width: 0;
`
const Scroller = styled.div<{ $axis: 'x' | 'y' }>`
  flex: 1 1 auto;
  min-height: 0;
  min-width: 0;
  overflow-x: ${(p) => (p.$axis === 'x' ? 'auto' : 'hidden')};
  overflow-y: ${(p) => (p.$axis === 'y' ? 'auto' : 'hidden')};
  overscroll-behavior: contain;
  scrollbar-width: thin;
`
const FadeDown = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: 36px;
  display: flex;
  align-items: flex-end;
  justify-content: center;
  pointer-events: none;
  background: linear-gradient(to bottom, rgba(3, 8, 14, 0), rgba(3, 8, 14, 0.92));
`
const FadeRight = styled.div`
  position: absolute;
  top: 0;
  right: 0;
  bottom: 0;
  width: 56px;
  display: flex;
  align-items: flex-start;
  justify-content: flex-end;
  pointer-events: none;
  background: linear-gradient(to right, rgba(3, 8, 14, 0), rgba(3, 8, 14, 0.92));
`
const More = styled.button`
  pointer-events: auto;
  margin: 0 0 4px;
  padding: 2px 10px;
  border: 1px solid ${(p) => p.theme.color.borderStrong};
  border-radius: 999px;
  background: ${(p) => p.theme.color.panelSolid};
  color: ${(p) => p.theme.color.accent};
  font-size: 10px;
  letter-spacing: 0.1em;
  cursor: pointer;
`
const Sideways = styled.span`
  margin: 6px 4px 0 0;
  padding: 1px 6px;
  border-radius: 999px;
  background: ${(p) => p.theme.color.panelSolid};
  border: 1px solid ${(p) => p.theme.color.border};
  color: ${(p) => p.theme.color.accent};
  font-size: 10px;
  white-space: nowrap;
`

/**
 * Tracks which edges of the box hide content, on scroll, resize and when children come and go.
 * It reads the box only in its ResizeObserver's callbacks (each observed element reports once when
 * observed, then on each change), which run after the frame's layout: read in the effect, it forced
 * the page's first layout into the first render's task, and the box held in state (set from its
 * ref) re-rendered the page synchronously in that task, with every effect of the page in it
 * (docs/ARCHITECTURE.md, "First load").
 */
function useOverflow(box: RefObject<HTMLElement | null>): Overflow {
  const [overflow, setOverflow] = useState<Overflow>(NO_OVERFLOW)
  useEffect(() => {
    const el = box.current
    if (!el) return
    const update = () => {
      const next = overflowOf(el)
      setOverflow((prev) => (sameOverflow(prev, next) ? prev : next))
    }
    const resize = new ResizeObserver(update)
    const watchChildren = () => {
      resize.disconnect()
      resize.observe(el)
      for (const c of Array.from(el.children)) resize.observe(c)
    }
    const mutations = new MutationObserver(watchChildren)
    mutations.observe(el, { childList: true })
    watchChildren()
    el.addEventListener('scroll', update, { passive: true })
    return () => {
      resize.disconnect()
      mutations.disconnect()
      el.removeEventListener('scroll', update)
    }
  }, [box])
  return overflow
}

/**
 * A box that scrolls on one axis and says so: while content is hidden below, a fade and a
 * "more ▾" button (scrolls by most of a box) sit at its bottom edge; while content is hidden to
 * the right, a fade and "scroll →". Nothing is cut off without a sign that it continues.
 */
export const ScrollArea = forwardRef(function ScrollArea(
  {
    axis = 'y',
    children,
    className,
    label,
    testId,
    focusable = false,
  }: {
    axis?: 'x' | 'y'
    children: ReactNode
    className?: string
    /** accessible name of the scroll region (with `focusable`) */
    label?: string
    testId?: string
    /** keyboard-scrollable region (axe scrollable-region-focusable) when its content has no focusable element */
    focusable?: boolean
  },
  ref: Ref<HTMLDivElement>,
) {
  const box = useRef<HTMLDivElement | null>(null)
  const overflow = useOverflow(box)
  const refs = useRef(ref)
  refs.current = ref
  const setRefs = (node: HTMLDivElement | null) => {
    box.current = node
    const r = refs.current
    if (typeof r === 'function') r(node)
    else if (r) r.current = node
  }
  return (
    <Wrap className={className} data-testid={testId}>
      <Scroller
        ref={setRefs}
        $axis={axis}
        tabIndex={focusable ? 0 : undefined}
        role={focusable && label ? 'region' : undefined}
        aria-label={focusable ? label : undefined}
        data-overflow-down={overflow.down || undefined}
        data-overflow-right={overflow.right || undefined}
      >
        {children}
      </Scroller>
      {axis === 'y' && overflow.down && (
        <FadeDown>
          <More
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="scroll-more"
            onClick={() => {
              const el = box.current
              el?.scrollBy({ top: el.clientHeight * 0.8, behavior: 'smooth' })
            }}
          >
            more ▾
          </More>
        </FadeDown>
      )}
      {axis === 'x' && overflow.right && (
        <FadeRight aria-hidden="true">
          <Sideways data-testid="scroll-right">scroll →</Sideways>
        </FadeRight>
      )}
    </Wrap>
  )
})
