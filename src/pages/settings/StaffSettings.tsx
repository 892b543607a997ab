/**
 * /settings for staff (docs/PRODUCT.md "Chat moderation"): the report queue (hide or dismiss),
 * active mutes (unmute), each room's slow mode and announcement, and the audit log, kept current
 * by the staff push stream (docs/ARCHITECTURE.md "Chat moderation"). Shown only when the server's
 * session says the wallet is staff; every call is checked again by the server.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { z } from 'zod'
import { HttpError, request } from '../../api/http'
import { useLiveStream } from '../../api/liveStream'
import { apiPaths } from '../../contracts/apiPaths'
import { ANNOUNCEMENT_MAX_CHARS, MessageSchema, RoomSchema, type Room } from '../../contracts/chat'
import {
  ModerationOverviewSchema,
  OkSchema,
  SLOW_MODE_MAX_SECONDS,
  type Mute,
  type Report,
} from '../../contracts/moderation'
import { Button } from '../../ui/Button'
import { Panel } from '../../ui/Panel'
import { TextInput } from '../../ui/TextInput'
import { toast } from '../../ui/toastStore'

const OVERVIEW_KEY = [apiPaths.chat.moderation.url()] as const
const ROOMS_KEY = ['settings', apiPaths.chat.rooms.url()] as const
/** While the staff stream is down the page polls this often (reports arrive from any instance). */
const REFRESH_MS = 5_000
const MUTE_END_MIN_MS = 1_000
const MUTE_END_SLACK_MS = 250

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: 14px;
`
const Rows = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`
const Row = styled.li`
  padding: 8px 10px;
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`
const Meta = styled.div`
  color: ${(p) => p.theme.color.muted};
  font-size: 11px;
  overflow-wrap: anywhere;
`
const Quote = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`
const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
`
const Empty = styled.p`
  margin: 0;
  color: ${(p) => p.theme.color.muted};
`
const Small = styled(TextInput)`
  flex: 0 0 90px;
`
const Label = styled.label`
  font-size: 11px;
  color: ${(p) => p.theme.color.muted};
`

const short = (w: string) => `${w.slice(0, 6)}...${w.slice(-4)}`
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`

function useStaffCall() {
  const qc = useQueryClient()
  return async (title: string, call: () => Promise<unknown>) => {
    try {
      await call()
      toast({ title })
    } catch (err) {
      toast({
        title: `${title}: failed`,
        description: err instanceof HttpError ? err.serverError : 'Network error',
        variant: 'destructive',
      })
    }
    await qc.invalidateQueries({ queryKey: OVERVIEW_KEY })
    await qc.invalidateQueries({ queryKey: ROOMS_KEY })
  }
}

function ReportRow({ report, wallet }: { report: Report; wallet: string }) {
  const run = useStaffCall()
  const m = report.message
  return (
    <Row data-report-id={report.id}>
      <Meta>
        {report.roomId} · reported by {short(report.reporter)} · {when(report.createdAt)}
        {report.reason ? ` · “${report.reason}”` : ''}
      </Meta>
      <Quote>
        {m ? `${m.displayName}: ${m.content}` : '(message gone)'}
        {m?.hidden ? ' [hidden]' : ''}
      </Quote>
      <Line>
        {m && !m.hidden && (
          <Button
            $size="sm"
            $variant="danger"
            onClick={() =>
              void run('Message hidden', () =>
                request(
                  'POST',
                  apiPaths.chat.messageHide.url({ id: report.roomId, messageId: report.messageId }),
                  { body: { walletAddress: wallet, reason: 'reported' }, parse: MessageSchema },
                ),
              )
            }
          >
            Hide
          </Button>
        )}
        <Button
          $size="sm"
          $variant="ghost"
          onClick={() =>
            void run('Report dismissed', () =>
              request('POST', apiPaths.chat.reportDismiss.url({ reportId: report.id }), {
                body: { walletAddress: wallet },
                parse: OkSchema,
              }),
            )
          }
        >
          Dismiss
        </Button>
      </Line>
    </Row>
  )
}

function MuteRow({ mute, wallet }: { mute: Mute; wallet: string }) {
  const run = useStaffCall()
  return (
    <Row>
      <Meta>
        {mute.roomId} · by {short(mute.mutedBy)}
        {mute.reason ? ` · “${mute.reason}”` : ''}
      </Meta>
      <Line>
        <Quote>
          {short(mute.walletAddress)} muted until {when(mute.until)}
        </Quote>
        <Button
          $size="sm"
          $variant="ghost"
          onClick={() =>
            void run('Unmuted', () =>
              request(
                'DELETE',
                apiPaths.chat.roomMute.url({ id: mute.roomId, target: mute.walletAddress }),
                { body: { walletAddress: wallet }, parse: OkSchema },
              ),
            )
          }
        >
          Unmute
        </Button>
      </Line>
    </Row>
  )
}

function AnnouncementForm({ room, wallet }: { room: Room; wallet: string }) {
  const run = useStaffCall()
  const [announcement, setAnnouncement] = useState('')

  function announce(e: FormEvent) {
    e.preventDefault()
    const content = announcement.trim()
    if (!content) return
    void run(`Announcement Created: ${room.name}`, async () => {
      await request('POST', apiPaths.chat.roomAnnouncement.url({ id: room.id }), {
        body: { walletAddress: wallet, content },
        parse: RoomSchema,
      })
      setAnnouncement('')
    })
  }

  return (
    <>
      <Meta>
        Announcement:{' '}
        {room.announcement ? <Quote as="span">{room.announcement.content}</Quote> : 'none'}
      </Meta>
      <form onSubmit={announce}>
        <Line>
          <TextInput
            aria-label={`Announcement for ${room.name}`}
            maxLength={ANNOUNCEMENT_MAX_CHARS}
            value={announcement}
            placeholder="New announcement"
            onChange={(e) => setAnnouncement(e.target.value)}
          />
          <Button $size="sm" type="submit" disabled={!announcement.trim()}>
            Announce
          </Button>
          {room.announcement && (
            <Button
              $size="sm"
              $variant="ghost"
              type="button"
              onClick={() =>
                void run(`Announcement Removed: ${room.name}`, () =>
                  request('DELETE', apiPaths.chat.roomAnnouncement.url({ id: room.id }), {
                    body: { walletAddress: wallet },
                    parse: RoomSchema,
                  }),
                )
              }
            >
              Remove
            </Button>
          )}
        </Line>
      </form>
    </>
  )
}

function RoomSettings({ room, wallet }: { room: Room; wallet: string }) {
  const run = useStaffCall()
  const [seconds, setSeconds] = useState(String(room.slowModeSeconds))
  const slowId = `slow-${room.id}`

  function saveSlowMode(e: FormEvent) {
    e.preventDefault()
    const n = Number(seconds)
    if (!Number.isInteger(n) || n < 0 || n > SLOW_MODE_MAX_SECONDS) {
      toast({
        title: `Slow mode: 0 to ${SLOW_MODE_MAX_SECONDS} whole seconds`,
        variant: 'destructive',
      })
      return
    }
    void run(`Slow mode ${n} s: ${room.name}`, () =>
      request('POST', apiPaths.chat.roomSlowMode.url({ id: room.id }), {
        body: { walletAddress: wallet, seconds: n },
        parse: RoomSchema,
      }),
    )
  }

  return (
    <Row data-room-id={room.id}>
      <strong>{room.name}</strong>
      <form onSubmit={saveSlowMode}>
        <Line>
          <Label htmlFor={slowId}>Slow mode (seconds, 0 = off)</Label>
          <Small
            id={slowId}
            type="number"
            min={0}
            max={SLOW_MODE_MAX_SECONDS}
            value={seconds}
            onChange={(e) => setSeconds(e.target.value)}
          />
          <Button $size="sm" type="submit">
            Save
          </Button>
        </Line>
      </form>
      <Line>
        <Label htmlFor={`previews-${room.id}`}>
          <input
            id={`previews-${room.id}`}
            type="checkbox"
            checked={room.previews}
            onChange={(e) => {
              const enabled = e.target.checked
              void run(`Previews ${enabled ? 'on' : 'off'}: ${room.name}`, () =>
                request('POST', apiPaths.chat.roomPreviews.url({ id: room.id }), {
                  body: { walletAddress: wallet, enabled },
                  parse: RoomSchema,
                }),
              )
            }}
          />{' '}
          Previews: holders below the tier read the last 5 messages, names hidden
        </Label>
      </Line>
      <AnnouncementForm room={room} wallet={wallet} />
    </Row>
  )
}

/**
 * The overview and the rooms, re-read on each push of the staff stream (a report, a staff action,
 * a room setting, on any instance); polled every REFRESH_MS only while the stream is down. A mute
 * that ends by time pushes nothing: one re-read at the next mute's end drops it.
 */
function useStaffOverview() {
  const qc = useQueryClient()
  const live = useLiveStream(apiPaths.chat.moderationEvents.url(), true, {
    moderation: () => {
      void qc.invalidateQueries({ queryKey: OVERVIEW_KEY })
      void qc.invalidateQueries({ queryKey: ROOMS_KEY })
    },
  })
  const refetchInterval = live ? false : REFRESH_MS
  const overview = useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: ({ signal }) =>
      request('GET', apiPaths.chat.moderation.url(), { parse: ModerationOverviewSchema, signal }),
    refetchInterval,
  })
  const rooms = useQuery({
    queryKey: ROOMS_KEY,
    queryFn: ({ signal }) =>
      request('GET', apiPaths.chat.rooms.url(), { parse: z.array(RoomSchema), signal }),
    refetchInterval,
  })
  const mutes = overview.data?.mutes
  useEffect(() => {
    if (!mutes?.length) return
    const next = Math.min(...mutes.map((m) => Date.parse(m.until)))
    // At least a second apart: a clock behind the server's re-reads a mute still active, and waits.
    const timer = setTimeout(
      () => void qc.invalidateQueries({ queryKey: OVERVIEW_KEY }),
      Math.max(MUTE_END_MIN_MS, next - Date.now() + MUTE_END_SLACK_MS),
    )
    return () => clearTimeout(timer)
  }, [mutes, qc])
  return { overview, rooms }
}

export function StaffSettings({ wallet }: { wallet: string }) {
  const { overview, rooms } = useStaffOverview()
  const data = overview.data
  return (
    <Grid>
      <Panel title="Report queue">
        {overview.isError && <Empty role="alert">Could not load the moderation queue.</Empty>}
        {data && data.reports.length === 0 && <Empty>No open reports.</Empty>}
        <Rows aria-label="Open reports">
          {data?.reports.map((r) => (
            <ReportRow key={r.id} report={r} wallet={wallet} />
          ))}
        </Rows>
      </Panel>
      <Panel title="Active mutes">
        {data && data.mutes.length === 0 && <Empty>No active mutes.</Empty>}
        <Rows aria-label="Active mutes">
          {data?.mutes.map((m) => (
            <MuteRow key={`${m.roomId}:${m.walletAddress}`} mute={m} wallet={wallet} />
          ))}
        </Rows>
      </Panel>
      <Panel title="Rooms">
        <Rows aria-label="Room settings">
          {rooms.data?.map((room) => (
            <RoomSettings key={`${room.id}:${room.slowModeSeconds}`} room={room} wallet={wallet} />
          ))}
        </Rows>
      </Panel>
      <Panel title="Audit log">
        {data && data.audit.length === 0 && <Empty>No staff actions yet.</Empty>}
        <Rows aria-label="Audit log">
          {data?.audit.map((a) => (
            <Row key={a.id}>
              <Meta>
                {when(a.at)} · {short(a.staffWallet)} · {a.roomId}
              </Meta>
              <Quote>
                {a.action} {a.target}
                {a.reason ? ` — “${a.reason}”` : ''}
              </Quote>
            </Row>
          ))}
        </Rows>
      </Panel>
    </Grid>
  )
}
