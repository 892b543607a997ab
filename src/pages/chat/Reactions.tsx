import styled from 'styled-components'
import { PICKER_EMOJIS, type ChatMessage } from '../../contracts/chat'
import { reactionCounts } from './chatLogic'
import { toggleReaction } from './chatStore'

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin-top: 6px;
`
const Chip = styled.button<{ $mine: boolean; $empty: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 1px 7px;
  border-radius: 999px;
  font-size: 12px;
  line-height: 18px;
  cursor: pointer;
  border: 1px solid ${(p) => (p.$mine ? p.theme.color.borderStrong : p.theme.color.border)};
  background: ${(p) => (p.$mine ? p.theme.color.accentSoft : 'rgba(255, 255, 255, 0.02)')};
  color: ${(p) => p.theme.color.text};
  opacity: ${(p) => (p.$empty ? 0.55 : 1)};
  /* Zero counts show only while the message is hovered, focused or its picker is open. */
  &[data-empty] {
    display: none;
  }
  &:hover {
    opacity: 1;
    border-color: ${(p) => p.theme.color.borderStrong};
  }
`

/**
 * PRODUCT.md §9 counts bar (👍 👎 ❤️ 🔥 😂, then other emojis in use); a click toggles this wallet's
 * one. Emojis nobody used yet appear while the message is hovered or focused (MessageList styles
 * that).
 */
export function ReactionBar({ message, wallet }: { message: ChatMessage; wallet: string | null }) {
  return (
    <Bar role="group" aria-label="Reactions">
      {reactionCounts(message.reactions, wallet).map(({ emoji, count, mine }) => (
        <Chip
          key={emoji}
          $mine={mine}
          $empty={count === 0}
          data-empty={count === 0 ? '' : undefined}
          aria-pressed={mine}
          aria-label={`${emoji} ${count}`}
          onClick={() => void toggleReaction(message, emoji)}
        >
          <span aria-hidden>{emoji}</span>
          {count > 0 && <span aria-hidden>{count}</span>}
        </Chip>
      ))}
    </Bar>
  )
}

/*
 * Above its row, over the end of the one before, never over the row's own header: there it
 * covered the Report, Hide and Pin buttons under the pointer, so a click landed on the row. The
 * first row has nothing above it inside the scroller: its picker sits in the middle of its header
 * (below it, it would cover the next row's buttons and stay there while the pointer went to them).
 */
const Picker = styled.div`
  position: absolute;
  top: -26px;
  right: 8px;
  li:first-child > & {
    top: 2px;
    right: 50%;
    transform: translateX(50%);
  }
  display: flex;
  gap: 2px;
  padding: 2px 4px;
  border-radius: 999px;
  border: 1px solid ${(p) => p.theme.color.borderStrong};
  background: ${(p) => p.theme.color.panelSolid};
  box-shadow: 0 4px 14px rgba(0, 0, 0, 0.5);
  z-index: 2;
  button {
    background: none;
    border: none;
    font-size: 16px;
    line-height: 22px;
    padding: 0 3px;
    cursor: pointer;
    border-radius: 4px;
    transition: transform 0.1s;
  }
  button:hover,
  button:focus-visible {
    transform: scale(1.25);
  }
`

/** PRODUCT.md §9 hover picker: 👍 ❤️ 🔥 👏 🚀 😂. */
export function ReactionPicker({ message }: { message: ChatMessage }) {
  return (
    <Picker role="group" aria-label="Add a reaction" className="reaction-picker">
      {PICKER_EMOJIS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          aria-label={`React ${emoji}`}
          onClick={() => void toggleReaction(message, emoji)}
        >
          {emoji}
        </button>
      ))}
    </Picker>
  )
}
