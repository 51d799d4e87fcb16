import styled from 'styled-components';

/** chart.js sizes the canvas to its parent, which needs a height and `position: relative`. */
export const ChartBox = styled.div<{ $height: number }>`
  position: relative;
  width: 100%;
  min-width: 0;
  height: ${({ $height }) => $height}px;
`;
