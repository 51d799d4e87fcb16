import styled from 'styled-components';

/** Stat cards in a row that wraps: four across on a desktop, two on a phone. */
export const StatGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.spacing(4)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

/** Two panels side by side, stacked on tablets and phones. */
export const PanelRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing(4)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** Two tables side by side on wide screens, stacked below 1280 px where their columns would crowd. */
export const TableRow = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing(4)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};

  @media (max-width: 1280px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
