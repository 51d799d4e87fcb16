import type { ComponentPropsWithRef, CSSProperties, ElementType } from 'react';
import styled, { css } from 'styled-components';

export interface StackProps extends ComponentPropsWithRef<'div'> {
  as?: ElementType;
  /** Steps on the 4px spacing grid. Default 3 (12px). */
  gap?: number;
  direction?: 'row' | 'column';
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
}

/**
 * The Stack's column as a css fragment, for elements that already are something else (a Card, a
 * form, a list item) and lay their children out one under another. `gap` is in 4px steps.
 */
export const stackLayout = (gap: number) => css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(gap)};
`;

/** Drops a list's bullets and indent where the list is laid out as rows or cards. */
export const plainList = css`
  margin: 0;
  padding: 0;
  list-style: none;
`;

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

/** A row of items centred on one line that wraps when narrow: badges, chips, buttons. */
export function Cluster({ gap = 2, ...rest }: Omit<StackProps, 'direction' | 'wrap'>) {
  return <Stack direction="row" wrap align="center" gap={gap} {...rest} />;
}

export interface PlainListProps extends Omit<StackProps, 'as'> {
  ordered?: boolean;
}

/** A Stack that is a list (ul, or ol when `ordered`) without bullets or indent. */
export function PlainList({ ordered = false, ...rest }: PlainListProps) {
  return <Stack as={ordered ? 'ol' : 'ul'} {...rest} />;
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

  /* :where keeps the reset as weak as the rules above, so a styled(Stack) margin still wins. */
  &:where(ul, ol) {
    ${plainList}
  }
`;
