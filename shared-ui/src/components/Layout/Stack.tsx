import type { ComponentPropsWithRef, CSSProperties, ElementType } from 'react';
import styled from 'styled-components';

export interface StackProps extends ComponentPropsWithRef<'div'> {
  as?: ElementType;
  /** Steps on the 4px spacing grid. Default 3 (12px). */
  gap?: number;
  direction?: 'row' | 'column';
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
}

export function Stack({
  gap = 3,
  direction = 'column',
  align,
  justify,
  wrap = false,
  ...rest
}: StackProps) {
  return (
    <StyledStack
      $gap={gap}
      $direction={direction}
      $align={align}
      $justify={justify}
      $wrap={wrap}
      {...rest}
    />
  );
}

const StyledStack = styled.div<{
  $gap: number;
  $direction: 'row' | 'column';
  $align?: CSSProperties['alignItems'];
  $justify?: CSSProperties['justifyContent'];
  $wrap: boolean;
}>`
  display: flex;
  flex-direction: ${({ $direction }) => $direction};
  gap: ${({ theme, $gap }) => theme.spacing($gap)};
  align-items: ${({ $align }) => $align ?? 'stretch'};
  justify-content: ${({ $justify }) => $justify ?? 'flex-start'};
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
  min-width: 0;
`;
