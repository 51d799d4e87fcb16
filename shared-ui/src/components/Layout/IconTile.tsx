import styled from 'styled-components';

/**
 * A square (or, 'round', a disc) tinted with the primary colour holding one icon at half its
 * size, or a letter or number: the icon of a stat card, a role or a getting-started path, a step
 * number, an initial. Decorative; give it aria-hidden.
 */
export const IconTile = styled.span<{
  $size: number;
  $radius?: 'md' | 'lg' | 'round';
  $tint?: number;
}>`
  display: flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme, $radius = 'lg' }) => ($radius === 'round' ? '50%' : theme.radii[$radius])};
  background: color-mix(
    in srgb,
    ${({ theme }) => theme.colors.primary} ${({ $tint = 14 }) => $tint}%,
    transparent
  );
  color: ${({ theme }) => theme.colors.primary};

  svg {
    width: ${({ $size }) => $size / 2}px;
    height: ${({ $size }) => $size / 2}px;
  }
`;
