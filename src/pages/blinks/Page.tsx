import styled from 'styled-components'
import { Icon } from '../../ui/icons'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { CardGrid } from '../../ui/Card'
import { PageLayout } from '../../ui/Page'
import { Panel, PanelFrame } from '../../ui/Panel'
import { TeaserHero, TeaserRow, TeaserText } from '../../ui/Teaser'

const BENEFITS = [
  {
    title: 'Instant Experiences',
    text: 'Interact with vPOS agents straight from a shared link, no app switch needed.',
  },
  {
    title: 'Seamless Integration',
    text: 'Blinks run wherever Solana Actions are supported: wallets, feeds and chats.',
  },
  {
    title: 'Always Updated',
    text: 'Each Blink reflects the live swarm state when it is opened.',
  },
]

const Benefit = styled(PanelFrame)`
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  h3 {
    margin: 0;
    font-size: 14px;
    color: ${(p) => p.theme.color.accent};
    letter-spacing: 0.06em;
  }
  p {
    margin: 0;
    color: ${(p) => p.theme.color.muted};
    font-size: 12px;
  }
`
const Access = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 16px;
  h3 {
    margin: 0 0 6px;
    font-size: 12px;
    letter-spacing: 0.1em;
    text-transform: uppercase;
    color: ${(p) => p.theme.color.text};
  }
  p {
    margin: 0 0 10px;
    color: ${(p) => p.theme.color.muted};
    font-size: 12px;
  }
`
const Status = styled.p`
  margin: 14px 0 0;
  font-size: 12px;
  color: ${(p) => p.theme.color.amber};
`

/**
 * /blinks teaser (PRODUCT.md §2): deployment Q2 2025, benefits, access request with disabled
 * buttons.
 */
export default function BlinksPage() {
  return (
    <PageLayout title="Blinks" subtitle="Solana Actions and Blinks">
      <TeaserHero
        icon={<Icon name="blinks" size={30} />}
        eyebrow="Deployment Q2 2025"
        title="vPOS Blinks Integration"
        tagline="Swarm interactions in a single link"
      >
        <TeaserText>
          Deployment: <strong style={{ color: 'inherit' }}>Q2 2025</strong>
        </TeaserText>
      </TeaserHero>
      <CardGrid as="ul" $min={220} aria-label="Benefits">
        {BENEFITS.map((b) => (
          <Benefit as="li" key={b.title}>
            <TeaserRow style={{ justifyContent: 'space-between' }}>
              <h3>{b.title}</h3>
              <Badge $tone="yellow">AVAILABLE_SOON</Badge>
            </TeaserRow>
            <p>{b.text}</p>
          </Benefit>
        ))}
      </CardGrid>
      <Panel title="Access Request">
        <Access>
          <div>
            <h3>Developer access</h3>
            <p>Request access to build Blinks on the vPOS swarm.</p>
            <TeaserRow style={{ justifyContent: 'flex-start' }}>
              <Button disabled>INITIALIZE</Button>
              <Button disabled>INITIATE_ACCESS</Button>
            </TeaserRow>
          </div>
          <div>
            <h3>Documentation</h3>
            <p>Integration guides publish with the deployment.</p>
            <TeaserRow style={{ justifyContent: 'flex-start' }}>
              <Button disabled>DOCS</Button>
              <Button disabled style={{ textTransform: 'none' }}>
                DOCUMENTATION_v1.0
              </Button>
            </TeaserRow>
          </div>
        </Access>
        <Status role="status">Status: deployment scheduled Q2 2025</Status>
      </Panel>
    </PageLayout>
  )
}
