import styled from 'styled-components'
import { CopyButton } from '../../ui/CopyButton'
import { Button } from '../../ui/Button'
import { Held } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  flex-wrap: wrap;
`
const Address = styled.code`
  font-size: 14px;
  color: ${(p) => p.theme.color.text};
  overflow-wrap: anywhere;
  min-width: 0;
`
/** A Solana address's shape (44 characters of a monospace face) held while the real one loads. */
const ADDRESS_SHAPE = '0'.repeat(44)

const Verified = styled.p`
  margin: 8px 0 0;
  color: ${(p) => p.theme.color.green};
  font-size: 12px;
`

/**
 * The token's contract address (PRODUCT.md §2) with a copy button and the verification note;
 * `null` until it is known (the page's HTML names it, the market answer too): its shape held.
 */
export function ContractPanel({ address }: { address: string | null }) {
  return (
    <Panel title="Contract Address">
      <Row>
        {address === null ? (
          <Held>
            <Address>{ADDRESS_SHAPE}</Address>
            <Button $size="sm" tabIndex={-1}>
              Copy
            </Button>
          </Held>
        ) : (
          <>
            <Address data-testid="contract-address">{address}</Address>
            <CopyButton text={address} label="Copy contract address" />
          </>
        )}
      </Row>
      <Verified>
        <span aria-hidden="true">✓ </span>Verified Contract on Solana Network
      </Verified>
    </Panel>
  )
}
