import styled from 'styled-components';
import { Spinner } from 'shared-ui';

/** Shown while a page or its code loads. */
export function PageSpinner() {
  return (
    <Centered>
      <Spinner />
    </Centered>
  );
}

const Centered = styled.div`
  display: grid;
  place-items: center;
  min-height: 40vh;
`;
