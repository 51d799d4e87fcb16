import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';

export interface ColumnsProps extends ComponentPropsWithRef<'div'> {
  /** The columns' shares of the width, e.g. [3, 2]. Default two equal columns. */
  widths?: readonly number[];
}

/** Side-by-side columns, top-aligned, that stack into one below tablet width. */
export function Columns({ widths = [1, 1], ...rest }: ColumnsProps) {
  return <StyledColumns $template={widths.map((w) => `minmax(0, ${w}fr)`).join(' ')} {...rest} />;
}

const StyledColumns = styled.div<{ $template: string }>`
  display: grid;
  grid-template-columns: ${({ $template }) => $template};
  gap: ${({ theme }) => theme.spacing(4)};
  align-items: start;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: minmax(0, 1fr);
  }
`;
