import { css } from 'styled-components';

/** The keyboard focus outline of a custom control or link, in the theme's focus colour or another. */
export const focusRing = (color: 'focus' | 'primary' = 'focus') => css`
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors[color]};
    outline-offset: 2px;
  }
`;
