import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { withQueries } from '../../api/withQueries'
import { restoreWallet, walletState } from '../../state/walletStore'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { LoadingText, PageLayout } from '../../ui/Page'
import { LockIcon, TeaserHero, TeaserRow, TeaserText } from '../../ui/Teaser'
import { StaffSettings } from './StaffSettings'

/**
 * /settings (PRODUCT.md §2, §6): presented as restricted to Swarm Node Operators; a signed-in staff
 * wallet (the server's session says so) gets the moderation page instead (PRODUCT.md "Chat
 * moderation").
 */
function SettingsPage() {
  const { walletAddress, isStaff, status } = useSnapshot(walletState)
  // A wallet signed in before (this tab or another page) comes back from its server session.
  useEffect(() => {
    void restoreWallet()
  }, [])
  if (status === 'restoring') {
    return (
      <PageLayout title="Settings" subtitle="Node settings">
        <LoadingText role="status">Checking your session...</LoadingText>
      </PageLayout>
    )
  }
  if (walletAddress && isStaff) {
    return (
      <PageLayout title="Settings" subtitle="Moderation: reports, mutes, rooms, audit log">
        <StaffSettings wallet={walletAddress} />
      </PageLayout>
    )
  }
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

export default withQueries(SettingsPage)
