/**
 * The chat's moderation calls (docs/PRODUCT.md "Chat moderation"): staff hide, restore, pin and
 * mute from a message; any member reports one. The server checks staff by the session's wallet;
 * the buttons only follow the session's `isStaff`.
 */
import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query'
import { z } from 'zod'
import { HttpError, request } from '../../api/http'
import { apiPaths } from '../../contracts/apiPaths'
import { MessageSchema, type ChatMessage } from '../../contracts/chat'
import { MUTE_MAX_MINUTES, MuteSchema, ReportSchema } from '../../contracts/moderation'
import { walletState } from '../../state/walletStore'
import { toast } from '../../ui/toastStore'
import { addMessages } from './chatCache'
import { chatKeys } from './queries'

export type MessageAction = 'hide' | 'restore' | 'pin' | 'unpin'

export function pinsQuery(roomId: string) {
  return {
    queryKey: chatKeys.pins(roomId),
    queryFn: ({ signal }: QueryFunctionContext): Promise<ChatMessage[]> =>
      request('GET', apiPaths.chat.roomPins.url({ id: roomId }), {
        parse: z.array(MessageSchema),
        signal,
      }),
  }
}

/** A staff action's optional reason; null when the staff member cancelled. */
function askReason(what: string): string | null {
  const answer = window.prompt(`${what}: reason (optional)`, '')
  return answer === null ? null : answer.trim()
}

function failed(title: string, err: unknown) {
  toast({
    title,
    description: err instanceof HttpError ? err.serverError : 'Network error',
    variant: 'destructive',
  })
}

const LABEL: Record<MessageAction, string> = {
  hide: 'Hide message',
  restore: 'Restore message',
  pin: 'Pin message',
  unpin: 'Unpin message',
}

const DONE: Record<MessageAction, string> = {
  hide: 'Message hidden',
  restore: 'Message restored',
  pin: 'Message pinned',
  unpin: 'Message unpinned',
}

/** A staff action on one message; the answer (and the push, for everyone) updates the cache. */
export async function moderateMessage(
  qc: QueryClient,
  message: ChatMessage,
  action: MessageAction,
) {
  const wallet = walletState.walletAddress
  if (!wallet) return
  const reason = askReason(LABEL[action])
  if (reason === null) return
  const params = { id: message.roomId, messageId: message.id }
  const url =
    action === 'hide'
      ? apiPaths.chat.messageHide.url(params)
      : action === 'restore'
        ? apiPaths.chat.messageRestore.url(params)
        : apiPaths.chat.messagePin.url(params)
  try {
    const updated = await request(action === 'unpin' ? 'DELETE' : 'POST', url, {
      body: reason ? { walletAddress: wallet, reason } : { walletAddress: wallet },
      parse: MessageSchema,
    })
    addMessages(qc, message.roomId, [updated], false)
    if (action === 'pin' || action === 'unpin') {
      void qc.invalidateQueries({ queryKey: chatKeys.pins(message.roomId) })
    }
    toast({ title: DONE[action], description: message.displayName })
  } catch (err) {
    failed(`${LABEL[action]} failed`, err)
  }
}

/** Staff: mute the message's author in its room for a number of minutes asked for. */
export async function muteAuthor(message: ChatMessage) {
  const wallet = walletState.walletAddress
  if (!wallet) return
  const answer = window.prompt(
    `Mute ${message.displayName} in this room for how many minutes?`,
    '10',
  )
  if (answer === null) return
  const minutes = Number(answer)
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MUTE_MAX_MINUTES) {
    toast({
      title: `Minutes must be a whole number from 1 to ${MUTE_MAX_MINUTES}`,
      variant: 'destructive',
    })
    return
  }
  const reason = askReason('Mute')
  if (reason === null) return
  try {
    const mute = await request('POST', apiPaths.chat.roomMutes.url({ id: message.roomId }), {
      body: {
        walletAddress: wallet,
        target: message.walletAddress,
        minutes,
        ...(reason ? { reason } : {}),
      },
      parse: MuteSchema,
    })
    toast({
      title: 'Muted',
      description: `${message.displayName} until ${mute.until.slice(11, 16)} UTC`,
    })
  } catch (err) {
    failed('Mute failed', err)
  }
}

/** Any member: put the message in the staff's report queue (once per message). */
export async function reportMessage(message: ChatMessage) {
  const wallet = walletState.walletAddress
  if (!wallet) return
  const reason = window.prompt('Report this message to the vPOS Team: reason (optional)', '')
  if (reason === null) return
  try {
    await request(
      'POST',
      apiPaths.chat.messageReport.url({ id: message.roomId, messageId: message.id }),
      {
        body: reason.trim()
          ? { walletAddress: wallet, reason: reason.trim() }
          : { walletAddress: wallet },
        parse: ReportSchema,
      },
    )
    toast({ title: 'Reported', description: 'The vPOS Team will review this message.' })
  } catch (err) {
    failed('Report failed', err)
  }
}
