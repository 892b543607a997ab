import { useCopyState } from '../../ui/CopyButton'
import { toast } from '../../ui/toastStore'
import { useSwarmStore } from '../../state/swarmStoreContext'
import { IconButton } from './OverlayPanel'
import { viewLink } from './viewUrl'

/** How long the button reads COPIED (PRODUCT.md §9 copy confirmation). */
const CONFIRM_MS = 2000

/**
 * Copy link: copies the link to the view on screen — camera, agent, and the URL's seed,
 * size and feed — built at the click, so a pan the URL has not caught up with yet is in it too.
 */
export function CopyLinkButton() {
  const store = useSwarmStore()
  const { state, copy } = useCopyState(CONFIRM_MS)
  const onClick = () =>
    copy(viewLink(store), () =>
      toast({
        title: 'Could not copy the link',
        description:
          'The browser refused the clipboard. Copy the address bar instead: it holds the same view.',
        variant: 'destructive',
      }),
    )
  return (
    <IconButton aria-label="Copy link to this view" data-copy-link onClick={onClick}>
      <span aria-live="polite">
        {state === 'copied' ? 'COPIED' : state === 'failed' ? 'FAILED' : 'LINK'}
      </span>
    </IconButton>
  )
}
