import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { PageLayout } from '../../ui/Page'
import { LockIcon, TeaserHero, TeaserRow, TeaserText } from '../../ui/Teaser'

/** /settings (PRODUCT.md §2, §6): presented as restricted to Swarm Node Operators. */
export default function SettingsPage() {
  return (
    <PageLayout title="Settings" subtitle="Node settings">
      <TeaserHero
        icon={<LockIcon size={30} />}
        eyebrow="Restricted area"
        title="ACCESS RESTRICTED - Swarm Node Operators Can Access"
      >
        <Badge $tone="red">Administrative privileges required</Badge>
        <TeaserText>
          Node settings require administrative privileges. Only Swarm Node Operators can view and
          change them.
        </TeaserText>
        <TeaserRow>
          <Button disabled style={{ textTransform: 'none' }}>
            Opening Soon
          </Button>
        </TeaserRow>
      </TeaserHero>
    </PageLayout>
  )
}
