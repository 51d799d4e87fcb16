import styled from 'styled-components';
import type { CampaignStats } from './statsApi';
import { BarChart } from 'shared-ui/charts';
import { Text } from 'shared-ui';
import { StatCard } from 'shared-ui/workspace';

type Figure = 'joins' | 'clicks' | 'conversions' | 'visitors';

// Four tiles in this order. Visitors counts distinct people, clicks every visit.
const TILES: ReadonlyArray<{ key: Figure; title: string }> = [
  { key: 'joins', title: 'Joins' },
  { key: 'clicks', title: 'Clicks' },
  { key: 'conversions', title: 'Conversions' },
  { key: 'visitors', title: 'Visitors' },
];

const number = new Intl.NumberFormat('en-US');

/** Joins, Clicks, Conversions, Visitors: each its figure with a small bar, or 'No data' at 0. */
export function StatTiles({ stats }: { stats: CampaignStats }) {
  return (
    <Grid>
      {TILES.map(({ key, title }) => {
        const value = stats[key];
        return (
          <StatCard key={key} title={title} value={number.format(value)}>
            {value > 0 ? (
              <BarChart
                compact
                labels={[title]}
                data={[value]}
                label={title}
                aria-label={`${title}: ${number.format(value)}`}
              />
            ) : (
              <NoData size="sm" muted>
                No data
              </NoData>
            )}
          </StatCard>
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

// As tall as the compact chart, so tiles with and without data line up.
const NoData = styled(Text)`
  display: flex;
  align-items: center;
  height: 48px;
`;
