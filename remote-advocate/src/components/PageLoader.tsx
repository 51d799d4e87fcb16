import styled from 'styled-components';
import { Spinner } from 'shared-ui';

/** Centred spinner while a screen's code or data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Centered>
      <Spinner size={28} label={label} />
    </Centered>
  );
}

const Centered = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing(12)} 0;
`;
