import { useEffect, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { DISPLAY_NAME_MAX_CHARS } from '../../contracts/chat'
import { walletState } from '../../state/walletStore'
import { Button } from '../../ui/Button'
import { TextInput } from '../../ui/TextInput'
import { renameMe, storedName } from './chatStore'

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 6px;
`
const Label = styled.label`
  font-size: 10px;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  color: ${(p) => p.theme.color.muted};
`
const Row = styled.div`
  display: flex;
  gap: 6px;
`
const Input = styled(TextInput)`
  padding: 6px 10px;
`

/**
 * PRODUCT.md §5 display-name editor: non-empty with a wallet; when the server refuses the name, its
 * error is toasted and the field goes back to the name the server holds.
 */
export function DisplayNameEditor({ id = 'display-name' }: { id?: string }) {
  const { displayName, walletAddress } = useSnapshot(walletState)
  const [draft, setDraft] = useState(displayName ?? '')
  const [busy, setBusy] = useState(false)
  useEffect(() => setDraft(displayName ?? ''), [displayName])
  const ok = draft.trim().length > 0 && walletAddress !== null && !busy

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!ok) return
    setBusy(true)
    const taken = await renameMe(draft)
    setBusy(false)
    setDraft(taken ? draft.trim() : storedName())
  }

  return (
    <Form onSubmit={(e) => void submit(e)}>
      <Label htmlFor={id}>Display name</Label>
      <Row>
        <Input
          id={id}
          value={draft}
          maxLength={DISPLAY_NAME_MAX_CHARS}
          onChange={(e) => setDraft(e.target.value)}
          autoComplete="nickname"
        />
        <Button type="submit" $size="sm" disabled={!ok}>
          Update
        </Button>
      </Row>
    </Form>
  )
}
