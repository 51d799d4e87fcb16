import styled from 'styled-components';
import { formatMoney } from '../../format';

export interface NetAmountProps {
  /** What is left after refunds (the figure every list and total counts). */
  amount: number;
  /** The part refunds took back; nothing more is shown when it is 0. */
  refunded: number;
  currency: string;
}

/**
 * A sale or a reward net of refunds, with the refunded part under it ("refunded $5.00"), so a
 * row says both what counts and why it is less than the sale as paid (docs/metrics.md).
 */
export function NetAmount({ amount, refunded, currency }: NetAmountProps) {
  return (
    <>
      {formatMoney(amount, currency)}
      {refunded > 0 && <Refunded>refunded {formatMoney(refunded, currency)}</Refunded>}
    </>
  );
}

const Refunded = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;
