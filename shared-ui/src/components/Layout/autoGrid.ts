import { css } from 'styled-components';

/**
 * As many equal columns of at least `minWidth` as fit the width (cards, tiles, filter fields);
 * `gap` is in 4px steps. 'auto-fill' keeps empty tracks, so a lone card stays one column wide.
 */
export const autoGrid = (
  minWidth: string,
  gap: number,
  repeat: 'auto-fit' | 'auto-fill' = 'auto-fit',
) => css`
  display: grid;
  grid-template-columns: repeat(${repeat}, minmax(${minWidth}, 1fr));
  gap: ${({ theme }) => theme.spacing(gap)};
`;
