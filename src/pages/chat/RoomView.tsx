import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import styled from 'styled-components'
import { DrawerOverlay, RightDrawer } from '../../ui/Drawer'
import { useSnapshot } from 'valtio'
import { media } from '../../ui/theme'
import type { Room } from '../../contracts/chat'
import { walletState } from '../../state/walletStore'
import { Button } from '../../ui/Button'
import { closeOnEscape } from '../../ui/Modal'
import { PanelFrame } from '../../ui/Panel'
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs'
import { AnnounceButton, AnnouncementBanner } from './Announcements'
import { onlineCount } from './chatLogic'
import { exitRoom } from './chatStore'
import { Composer } from './Composer'
import { DisplayNameEditor } from './DisplayNameEditor'
import { MessageList } from './MessageList'
import { ParticipantsList } from './ParticipantsList'
import { PinsButton } from './PinsDrawer'
import { RoomList } from './RoomGrid'
import { TierBadge } from './bits'
import { useNow } from '../../ui/useNow'
import { useRoomLive, useRoomParticipants } from './useRoom'

const Layout = styled.div`
  display: grid;
  grid-template-columns: 220px minmax(0, 1fr) 270px;
  gap: 12px;
  /* Fills the screen under the app header, the page title and the wallet bar. */
  height: max(440px, calc(100dvh - 232px));
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    height: max(380px, calc(100dvh - 244px));
  }
`
const Side = styled(PanelFrame)`
  padding: 12px;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 14px;
  ${media.mobile} {
    display: none;
  }
`
const SideTitle = styled.h3`
  margin: 0 0 6px;
  font-size: 10px;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  color: ${(p) => p.theme.color.accent};
`
const Main = styled(PanelFrame)`
  padding: 12px;
  ${media.mobile} {
    padding: 8px;
  }
  display: flex;
  flex-direction: column;
  min-height: 0;
`
const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding-bottom: 10px;
  margin-bottom: 8px;
  border-bottom: 1px solid ${(p) => p.theme.color.border};
`
const Title = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
  h2 {
    margin: 0;
    font-size: 15px;
  }
`
const Online = styled.span`
  font-size: 11px;
  color: ${(p) => p.theme.color.green};
`
const SlowMode = styled.span`
  font-size: 11px;
  color: ${(p) => p.theme.color.muted};
`
const Tools = styled.div`
  display: flex;
  gap: 6px;
  flex-wrap: wrap;
`
const MenuButton = styled(Button)`
  display: none;
  ${media.mobile} {
    display: inline-flex;
  }
`
const DrawerHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`
const Pane = styled(TabPanel)`
  padding-top: 12px;
  display: flex;
  flex-direction: column;
  gap: 14px;
`

/** PRODUCT.md §2 mobile Menu: a drawer with Rooms and Participants tabs. */
function MobileMenu({
  roomId,
  rooms,
  onEnter,
}: {
  roomId: string
  rooms: readonly Room[]
  onEnter: (r: Room) => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <MenuButton $size="sm" $variant="ghost">
          Menu
        </MenuButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <DrawerOverlay />
        <RightDrawer
          $width="min(320px, 88vw)"
          aria-describedby={undefined}
          onKeyDown={closeOnEscape(setOpen)}
        >
          <DrawerHead>
            <Dialog.Title style={{ margin: 0, fontSize: 13, letterSpacing: '0.12em' }}>
              CHAT MENU
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button $size="sm" $variant="ghost" aria-label="Close menu">
                ✕
              </Button>
            </Dialog.Close>
          </DrawerHead>
          <Tabs defaultValue="rooms">
            <TabList aria-label="Chat menu">
              <Tab value="rooms">Rooms</Tab>
              <Tab value="participants">Participants</Tab>
            </TabList>
            <Pane value="rooms">
              <RoomList
                rooms={rooms}
                onEnter={(r) => {
                  setOpen(false)
                  onEnter(r)
                }}
              />
            </Pane>
            <Pane value="participants">
              <DisplayNameEditor id="display-name-mobile" />
              <ParticipantsList roomId={roomId} />
            </Pane>
          </Tabs>
        </RightDrawer>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** Inside a room: header, announcement, messages, composer; rooms and participants beside it. */
export function RoomView({
  room,
  rooms,
  onEnter,
}: {
  room: Room
  rooms: readonly Room[]
  onEnter: (r: Room) => void
}) {
  const participants = useRoomParticipants(room.id).data ?? []
  const { isStaff } = useSnapshot(walletState)
  const now = useNow(10_000, true)
  useRoomLive(room)
  return (
    <Layout>
      <Side aria-label="Rooms">
        <div>
          <SideTitle>Rooms</SideTitle>
          <RoomList rooms={rooms} onEnter={onEnter} />
        </div>
      </Side>
      <Main aria-label={`Room ${room.name}`}>
        <Head>
          <Title>
            <h2>{room.name}</h2>
            <TierBadge $tier={room.tier}>{room.tier}</TierBadge>
            <Online>● {onlineCount(participants, now)} online</Online>
            {room.slowModeSeconds > 0 && <SlowMode>Slow mode: {room.slowModeSeconds} s</SlowMode>}
          </Title>
          <Tools>
            {isStaff && <AnnounceButton room={room} />}
            <PinsButton roomId={room.id} />
            <MobileMenu roomId={room.id} rooms={rooms} onEnter={onEnter} />
            <Button $size="sm" $variant="ghost" onClick={exitRoom}>
              Exit Room
            </Button>
          </Tools>
        </Head>
        <AnnouncementBanner room={room} />
        <MessageList roomId={room.id} />
        <Composer room={room} />
      </Main>
      <Side aria-label="Participants">
        <DisplayNameEditor />
        <div>
          <SideTitle>Participants</SideTitle>
          <ParticipantsList roomId={room.id} />
        </div>
      </Side>
    </Layout>
  )
}
