import styled from 'styled-components';

/** The brand's initial in a tinted square; brands have no logo yet. */
export function BrandAvatar({ name, size = 44 }: { name: string; size?: number }) {
  return (
    <Square aria-hidden="true" $size={size}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </Square>
  );
}

const Square = styled.span<{ $size: number }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: color-mix(in srgb, ${({ theme }) => theme.colors.primary} 14%, transparent);
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ $size }) => Math.round($size * 0.42)}px;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
