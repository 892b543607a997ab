import { css } from 'styled-components'

/** A list without bullets or indent whose items stack in a column, `gapPx` apart. */
export const stackList = (gapPx: number) => css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${gapPx}px;
`
