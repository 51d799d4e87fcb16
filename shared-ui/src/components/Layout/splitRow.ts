import { css } from 'styled-components';

/**
 * A row with what it is on the left and its value, control or badge on the right: a row of a
 * settings or details list, or the head of a card or snippet. `padding` (above and below) and
 * `gap` are in 4px steps; rules between list rows stay with each list, since some lists rule
 * above the first row and some do not.
 */
export const splitRow = (padding: number, gap = 3, align: 'center' | 'stretch' = 'center') => css`
  display: flex;
  align-items: ${align};
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(gap)};
  padding: ${({ theme }) => theme.spacing(padding)} 0;
`;
