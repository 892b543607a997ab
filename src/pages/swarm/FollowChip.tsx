import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { cameraFollow, stopFollow } from '../../state/cameraStore'
import { shortName } from './agentText'
import { IconButton } from './OverlayPanel'

const Chip = styled.div`
  pointer-events: auto;
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding: 3px 4px 3px 10px;
  border: 1px solid ${(p) => p.theme.color.borderStrong};
  border-radius: 999px;
  background: ${(p) => p.theme.color.panel};
  color: ${(p) => p.theme.color.accent};
  font-size: 11px;
  letter-spacing: 0.08em;
`

/** While the camera follows an agent: which one, and a Stop button (panning or zooming also stops). */
export function FollowChip() {
  const { agentId } = useSnapshot(cameraFollow)
  if (agentId === null) return null
  return (
    <Chip role="status" data-testid="follow-chip">
      ◎ FOLLOWING AGENT {shortName(agentId).toUpperCase()}
      <IconButton onClick={stopFollow}>Stop</IconButton>
    </Chip>
  )
}
