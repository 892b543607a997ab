import styled from 'styled-components'
import { CopyButton } from '../../ui/CopyButton'
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
const Verified = styled.p`
  margin: 8px 0 0;
  color: ${(p) => p.theme.color.green};
  font-size: 12px;
`

/** The token's contract address with a copy button and the verification note (PRODUCT.md §2). */
export function ContractPanel({ address }: { address: string }) {
  return (
    <Panel title="Contract Address">
      <Row>
        <Address data-testid="contract-address">{address}</Address>
        <CopyButton text={address} label="Copy contract address" />
      </Row>
      <Verified>
        <span aria-hidden="true">✓ </span>Verified Contract on Solana Network
      </Verified>
    </Panel>
  )
}
