import styled from 'styled-components';
import type { CampaignStats } from './statsApi';
import { StatCard } from 'shared-ui/workspace';

type Figure = 'joins' | 'clicks' | 'conversions' | 'visitors';

// Four tiles in this order. Visitors counts distinct people, clicks every visit.
const TILES: ReadonlyArray<{ key: Figure; title: string; means: string }> = [
  { key: 'joins', title: 'Joins', means: 'advocates who joined' },
  { key: 'clicks', title: 'Clicks', means: 'counted visits of its links' },
  { key: 'conversions', title: 'Conversions', means: 'sales and sign-ups' },
  { key: 'visitors', title: 'Visitors', means: 'different people who clicked' },
];

const number = new Intl.NumberFormat('en-US');

/**
 * Joins, Clicks, Conversions, Visitors: each a plain figure with what it counts, or 'No data' at
 * 0. The reply has totals only, so a chart of one bar would say nothing the figure does not.
 */
export function StatTiles({ stats }: { stats: CampaignStats }) {
  return (
    <Grid>
      {TILES.map(({ key, title, means }) => {
        const value = Number(stats[key]);
        return (
          <StatCard
            key={key}
            title={title}
            value={number.format(value)}
            hint={value > 0 ? means : 'No data'}
          />
        );
      })}
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing(4)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;
