import styled from 'styled-components';

/** Surface panel. Extend with styled(Card) or render as another element with `as`. */
export const Card = styled.div`
  min-width: 0;
  padding: ${({ theme }) => theme.spacing(5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.sm};

  ${({ theme }) => theme.media.mobile} {
    padding: ${({ theme }) => theme.spacing(4)};
  }
`;
