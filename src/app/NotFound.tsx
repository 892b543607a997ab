import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { PageLayout } from '../ui/Page'
import { Panel } from '../ui/Panel'

const Hint = styled.p`
  color: ${(p) => p.theme.color.muted};
`

/** Any path outside the route table. */
export default function NotFound() {
  return (
    <PageLayout title="Error">
      <Panel>
        <h2 style={{ margin: 0, color: '#ff4d5e' }}>404 Page Not Found</h2>
        <Hint>Did you forget to add the page to the router?</Hint>
        <Link to="/">Return to Swarm Core</Link>
      </Panel>
    </PageLayout>
  )
}
