import { useQuery } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { MESSAGE_MAX_CHARS, type Room } from '../../contracts/chat'
import { walletState } from '../../state/walletStore'
import { Button } from '../../ui/Button'
import { TextInput } from '../../ui/TextInput'
import { canSend } from './chatLogic'
import { sendMessage } from './chatStore'
import { participantsQuery, newClientId } from './queries'
import { useMentionCompletion } from './MentionList'

const Form = styled.form`
  position: relative;
  display: flex;
  gap: 8px;
  padding-top: 10px;
  border-top: 1px solid ${(p) => p.theme.color.border};
`
const Count = styled.span`
  align-self: center;
  font-size: 10px;
  color: ${(p) => p.theme.color.amber};
`

/** Message input: Enter sends; Send disabled per PRODUCT.md §5 (text, room, wallet). */
export function Composer({ room }: { room: Room | null }) {
  const { walletAddress } = useSnapshot(walletState)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [caret, setCaret] = useState(0)
  const field = useRef<HTMLInputElement>(null)
  /** where the caret goes once the text set with it is in the field */
  const caretAfterCommit = useRef<number | null>(null)
  const participants = useQuery({ ...participantsQuery(room?.id ?? ''), enabled: false }).data
  const mention = useMentionCompletion({
    text,
    caret,
    participants: participants ?? [],
    me: walletAddress,
    replace: (next, at) => {
      setText(next)
      setCaret(at)
      // The field takes the new value when this update commits; the caret goes after the name
      // then (the layout effect below), before the next key is handled. It was set on the next
      // animation frame, and keys typed before that frame on a busy machine went in after the
      // caret moved back: '@name k <b>here</b>loo' for '@name look <b>here</b>'.
      caretAfterCommit.current = at
    },
  })
  useLayoutEffect(() => {
    const at = caretAfterCommit.current
    if (at === null) return
    caretAfterCommit.current = null
    field.current?.setSelectionRange(at, at)
  })
  // The client id stays with the text until it is stored, so a retry cannot duplicate it.
  const pending = useRef<{ text: string; id: string } | null>(null)
  const ok = canSend(text, room?.id ?? null, walletAddress) && !sending

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!ok) return
    if (pending.current?.text !== text) pending.current = { text, id: newClientId() }
    setSending(true)
    const stored = await sendMessage(text, pending.current.id)
    setSending(false)
    if (stored) {
      pending.current = null
      setText('')
    }
  }

  return (
    <Form onSubmit={(e) => void submit(e)}>
      {mention.list}
      {mention.status}
      <TextInput
        ref={field}
        aria-label="Message"
        placeholder={room ? `Message ${room.name}` : 'Select a room'}
        value={text}
        maxLength={MESSAGE_MAX_CHARS}
        onChange={(e) => {
          setText(e.target.value)
          setCaret(e.target.selectionStart ?? e.target.value.length)
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
        autoComplete="off"
        {...mention.fieldProps}
      />
      {text.length > MESSAGE_MAX_CHARS - 100 && (
        <Count aria-live="polite">{MESSAGE_MAX_CHARS - text.length}</Count>
      )}
      <Button type="submit" disabled={!ok}>
        Send
      </Button>
    </Form>
  )
}
