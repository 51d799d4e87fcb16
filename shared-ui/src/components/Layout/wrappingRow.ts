import { css } from 'styled-components';

/**
 * A row of items centred on one line that wraps onto more lines when narrow: toolbars, section
 * heads and form actions. `gap` is in steps of the 4px spacing grid.
 */
export const wrappingRow = (justify: 'space-between' | 'flex-end', gap: number) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: ${justify};
  gap: ${({ theme }) => theme.spacing(gap)};
`;
