import type { ReactNode } from 'react'

/**
 * Text in which every 'vPOS' keeps its spelling under an uppercase style: the brand is wrapped in
 * a span that opts out of text-transform (GlobalStyle's [data-brand] rule). Non-strings pass as is.
 */
export function BrandText({ children }: { children: ReactNode }) {
  if (typeof children !== 'string' || !children.includes('vPOS')) return <>{children}</>
  const parts = children.split('vPOS')
  return (
    <>
      {parts.map((p, i) => (
        <span key={i}>
          {i > 0 && <span data-brand="">vPOS</span>}
          {p}
        </span>
      ))}
    </>
  )
}
