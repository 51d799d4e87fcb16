import type { ReactNode } from 'react';
import styled from 'styled-components';

/** chart.js sizes the canvas to its parent, which needs a height and `position: relative`. */
export const ChartBox = styled.div<{ $height: number }>`
  position: relative;
  width: 100%;
  min-width: 0;
  height: ${({ $height }) => $height}px;
`;

/** Takes a chart's place when there is nothing to draw: a message instead of an empty axis. */
export const ChartEmpty = styled.p<{ $height: number }>`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  height: ${({ $height }) => $height}px;
  margin: 0;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
`;

/** True when no value is above zero: an axis of zeros tells the reader nothing. */
export function isBlank(values: readonly number[]): boolean {
  return !values.some((value) => Number.isFinite(value) && value !== 0);
}

export interface ChartFrameProps {
  /** px. */
  height: number;
  /** Nothing to draw: show `emptyText` in the chart's place, when given. */
  blank: boolean;
  emptyText?: string;
  className?: string;
  /** The chart. */
  children: ReactNode;
}

/** A chart at its height, or, when it has nothing to draw and says so, its empty text. */
export function ChartFrame({ height, blank, emptyText, className, children }: ChartFrameProps) {
  if (blank && emptyText !== undefined) {
    return (
      <ChartEmpty $height={height} className={className}>
        {emptyText}
      </ChartEmpty>
    );
  }
  return (
    <ChartBox $height={height} className={className}>
      {children}
    </ChartBox>
  );
}
