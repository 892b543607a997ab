import type { ComponentProps } from 'react'
import type { ClipExportDialog as Dialog } from './ClipExportDialog'
import { useLoaded } from '../../ui/useLoaded'

const loadDialog = () => import('./ClipExportDialog').then((m) => m.ClipExportDialog)

/**
 * The clip export dialog, in a chunk of its own loaded when a visitor asks for a clip: with it,
 * Radix Dialog was on Swarm Core's first load (docs/ARCHITECTURE.md, "Views a first screen does
 * not draw"). It opens as the chunk arrives.
 */
export function ClipExportSlot(props: ComponentProps<typeof Dialog>) {
  const ClipExportDialog = useLoaded(loadDialog, true)
  return ClipExportDialog && <ClipExportDialog {...props} />
}
