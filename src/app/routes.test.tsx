/**
 * Route pages (src/app/routes.tsx): a page whose module has loaded renders on the spot, with no
 * Suspense fallback (and so no 300 ms reveal throttle after one); one that has not suspends as
 * React.lazy always did.
 */
import { Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { lazyPage } from './routes'

const Heading = () => <h1>Token Info</h1>
const html = (Page: ReturnType<typeof lazyPage>) =>
  renderToString(
    <Suspense fallback={<p>Loading module...</p>}>
      <Page />
    </Suspense>,
  )
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('lazyPage', () => {
  it('renders a preloaded page at its first render, without the fallback', async () => {
    let loads = 0
    const Page = lazyPage(() => {
      loads++
      return Promise.resolve({ default: Heading })
    })
    Page.preload()
    Page.preload()
    await tick()
    expect(html(Page)).toContain('Token Info')
    expect(html(Page)).not.toContain('Loading module')
    expect(loads).toBe(1)
  })

  it('suspends on a page not loaded yet, then renders it once it has', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: Heading }))
    expect(html(Page)).toContain('Loading module...')
    await tick()
    expect(html(Page)).toContain('Token Info')
  })

  it("a failed chunk: the preload leaves no unhandled rejection, the page's render meets it", async () => {
    const Page = lazyPage(() => Promise.reject(new Error('chunk failed')))
    Page.preload()
    await tick()
    expect(html(Page)).toContain('Loading module...')
  })
})
