import { Icon } from '../../ui/icons'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { PageLayout } from '../../ui/Page'
import { TeaserHero, TeaserRow, TeaserText } from '../../ui/Teaser'

/** /game teaser (PRODUCT.md §2): launch Q3 2025, early access closed. */
export default function GamePage() {
  return (
    <PageLayout title="Game" subtitle="vPOS Agentic Games">
      <TeaserHero
        icon={<Icon name="game" size={30} />}
        eyebrow="Launch Q3 2025"
        title="vPOS AGENTIC GAMES"
        tagline="PLAY . COMPETE . EVOLVE"
      >
        <Badge $tone="yellow">COMING SOON</Badge>
        <TeaserText>AI agent-based gaming experience</TeaserText>
        <TeaserText>
          Launch: <strong style={{ color: 'inherit' }}>Q3 2025</strong>
        </TeaserText>
        <TeaserRow>
          <Button disabled>EARLY ACCESS CLOSED</Button>
        </TeaserRow>
      </TeaserHero>
    </PageLayout>
  )
}
