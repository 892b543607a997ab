import { css } from 'styled-components'

/** Hidden on screen, read by screen readers (headings, live announcements). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`
