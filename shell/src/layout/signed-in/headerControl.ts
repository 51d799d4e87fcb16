import { css } from 'styled-components';

/** The header's boxed controls (the search field, the role menu's trigger): one height and frame. */
export const headerControl = css`
  display: flex;
  align-items: center;
  height: 36px;
  padding: 0 12px;
  border-radius: 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;
