import * as RadixTabs from '@radix-ui/react-tabs'
import styled from 'styled-components'

export const Tabs = RadixTabs.Root
export const TabPanel = RadixTabs.Content

export const TabList = styled(RadixTabs.List)`
  display: flex;
  gap: 2px;
  border-bottom: 1px solid ${(p) => p.theme.color.border};
  overflow-x: auto;
`
export const Tab = styled(RadixTabs.Trigger)`
  padding: 7px 12px;
  background: transparent;
  border: none;
  border-bottom: 2px solid transparent;
  color: ${(p) => p.theme.color.muted};
  font-size: 11px;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  cursor: pointer;
  &[data-state='active'] {
    color: ${(p) => p.theme.color.accent};
    border-bottom-color: ${(p) => p.theme.color.accent};
  }
`
