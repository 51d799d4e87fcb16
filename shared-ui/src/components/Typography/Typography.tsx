import type { ComponentPropsWithRef, ElementType, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import type { AppTheme } from '../../theme/tokens';
import { surface } from '../Layout/Surface';

type HeadingLevel = 1 | 2 | 3 | 4;

export interface HeadingProps extends Omit<ComponentPropsWithRef<'h2'>, 'children'> {
  /** Semantic level; also picks the size unless `size` says otherwise. Default 2. */
  level?: HeadingLevel;
  size?: keyof AppTheme['fontSizes'];
  children: ReactNode;
}

const levelSize: Record<HeadingLevel, keyof AppTheme['fontSizes']> = {
  1: 'xxl',
  2: 'xl',
  3: 'lg',
  4: 'md',
};

export function Heading({ level = 2, size, children, ...rest }: HeadingProps) {
  return (
    <StyledHeading as={`h${level}`} $size={size ?? levelSize[level]} {...rest}>
      {children}
    </StyledHeading>
  );
}

const StyledHeading = styled.h2<{ $size: keyof AppTheme['fontSizes'] }>`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme, $size }) => theme.fontSizes[$size]};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  letter-spacing: -0.01em;
  line-height: 1.25;
`;

export interface TextProps extends Omit<ComponentPropsWithRef<'p'>, 'children'> {
  as?: ElementType;
  size?: keyof AppTheme['fontSizes'];
  muted?: boolean;
  weight?: keyof AppTheme['fontWeights'];
  children: ReactNode;
}

export function Text({
  as = 'p',
  size = 'md',
  muted = false,
  weight = 'regular',
  children,
  ...rest
}: TextProps) {
  return (
    <StyledText as={as} $size={size} $muted={muted} $weight={weight} {...rest}>
      {children}
    </StyledText>
  );
}

const StyledText = styled.p<{
  $size: keyof AppTheme['fontSizes'];
  $muted: boolean;
  $weight: keyof AppTheme['fontWeights'];
}>`
  color: ${({ theme, $muted }) => ($muted ? theme.colors.textMuted : theme.colors.text)};
  font-size: ${({ theme, $size }) => theme.fontSizes[$size]};
  font-weight: ${({ theme, $weight }) => theme.fontWeights[$weight]};
`;

/**
 * Link look for any element: `styled(RouterLink)\`${linkStyles}\`` in an app.
 * shared-ui does not depend on a router, so it ships the styles rather than a Link component.
 */
export const linkStyles = css`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;
  text-underline-offset: 3px;
  cursor: pointer;

  &:hover {
    text-decoration: underline;
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-radius: 2px;
  }
`;

/** Plain anchor with link styles, for external URLs (e.g. a brand's website). */
export const TextLink = styled.a`
  ${linkStyles}
`;

/** The small muted capitals of column headers, field captions and snippet labels. */
export const smallCaps = css`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

/**
 * Code or raw data shown whole: monospace on an inset surface, wrapped rather than scrolled
 * sideways, since it is read (and copied) in full.
 */
export const CodeBlock = styled.pre`
  margin: 0;
  ${surface(3)}
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.5;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
