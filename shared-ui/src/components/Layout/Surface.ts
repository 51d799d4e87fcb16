import { css } from 'styled-components';

/**
 * The inset surface inside a card: a code snippet, a share link, a key, a tile. Bordered, the
 * medium radius and the alternate surface colour of the theme; `padding` is in 4px steps.
 */
export const surface = (padding: number) => css`
  padding: ${({ theme }) => theme.spacing(padding)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

/**
 * A notice tinted with a status colour over the surface: errors, warnings. The percentages are
 * how much of the colour goes into the border and into the fill.
 */
export const tintedSurface = (tone: 'danger' | 'warning', border: number, fill: number) => css`
  padding: ${({ theme }) => `${theme.spacing(3)} ${theme.spacing(4)}`};
  border: 1px solid color-mix(in srgb, ${({ theme }) => theme.colors[tone]} ${border}%, transparent);
  border-radius: ${({ theme }) => theme.radii.md};
  background: color-mix(
    in srgb,
    ${({ theme }) => theme.colors[tone]} ${fill}%,
    ${({ theme }) => theme.colors.surface}
  );
  color: ${({ theme }) => theme.colors.text};
`;
