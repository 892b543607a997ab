import { Icon } from '../../ui/icons'
import { Badge } from '../../ui/Badge'
import { PageLayout } from '../../ui/Page'
import { TeaserHero, TeaserText } from '../../ui/Teaser'

/** /labs teaser (PRODUCT.md §2). */
export default function LabsPage() {
  return (
    <PageLayout title="Labs" subtitle="vPOS research and experiments">
      <TeaserHero
        icon={<Icon name="labs" size={30} />}
        eyebrow="Research division"
        title="vPOS Labs - Under Development"
      >
        <Badge $tone="yellow">ACCESS OPENING SOON</Badge>
        <TeaserText>
          Experimental agent models and research tools are being prepared in the lab.
        </TeaserText>
      </TeaserHero>
    </PageLayout>
  )
}
