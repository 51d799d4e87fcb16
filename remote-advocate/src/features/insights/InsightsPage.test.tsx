import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, heldReply, replies } from 'shared-api/testing';
import { makeBusyStats, makeStats, statsReply } from 'shared-ui/test-utils';
import { makePerformance, performanceReply } from '../../test/analyticsFixtures';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';

jest.mock('react-chartjs-2', () => jest.requireActual('shared-ui/test-utils').chartStubs);

const PERFORMANCE = 'GET advocates/performance/';
const ALL = 'GET me/stats/';

function brandsReply(brands: Array<[number, string]>) {
  const performance = makePerformance();
  performance.breakdown_by_brand = brands.map(([brand_id, brand_name]) => ({
    brand_id,
    brand_name,
    clicks: 1,
    conversions: 0,
    revenue: 0,
    earnings: 0,
  }));
  return performanceReply(performance);
}

async function openInsights() {
  const app = renderAdvocateApp('/advocate/insights');
  await findHeading('Insights');
  return app;
}

describe('advocate insights', () => {
  it('says Loading analytics... until the figures arrive', async () => {
    const held = heldReply(statsReply(makeBusyStats()));
    fakeApi({ [PERFORMANCE]: brandsReply([]), [ALL]: held.route });
    await openInsights();
    expect(await screen.findByText('Loading analytics...')).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('region', { name: 'Sales you brought' })).toBeInTheDocument();
  });

  it('draws the brand insights widgets on the advocate’s own figures', async () => {
    const api = fakeApi({
      [PERFORMANCE]: brandsReply([
        [3, 'Acme Coffee'],
        [4, 'Beta Tea'],
      ]),
      [ALL]: statsReply(makeBusyStats()),
    });
    await openInsights();
    const revenue = await screen.findByRole('region', { name: 'Sales you brought' });
    expect(within(revenue).getByText('$1,550.50')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Top platforms' })).toBeInTheDocument();
    // The advocate's own words: their earnings, not the brand's net revenue, and no top
    // advocates table of one.
    expect(screen.getByRole('region', { name: 'Your earnings' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Net Revenue' })).not.toBeInTheDocument();
    expect(screen.queryByText(/after advocate rewards/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Top advocates' })).not.toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Your sales and earnings over time legend' });
    expect(legend).toHaveTextContent('Your earnings');
    expect(screen.getByRole('img', { name: /^Visits by source: Direct 80/ })).toBeInTheDocument();
    expect(api.callsTo(ALL)[0].query).toEqual({
      days: '30',
      timeseries: '1',
      platforms_metric: 'revenue',
      platforms_limit: '5',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('preselects the only brand, and asks again when timeframe or metric changes', async () => {
    const ONE = 'GET me/stats/3/';
    const api = fakeApi({
      [PERFORMANCE]: brandsReply([[3, 'Acme Coffee']]),
      [ONE]: statsReply(makeBusyStats()),
    });
    const { user } = await openInsights();
    await screen.findByRole('region', { name: 'Sales you brought' });
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('3');
    expect(api.callsTo(ALL)).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Timeframe' }), 'Last 90d');
    await waitFor(() => expect(api.callsTo(ONE)).toHaveLength(2));
    expect(api.callsTo(ONE)[1].query).toMatchObject({ days: '90' });
    // The platforms table (and its metric select) is back once the new figures arrived.
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Platforms metric' }),
      'Views',
    );
    await waitFor(() => expect(api.callsTo(ONE)).toHaveLength(3));
    expect(api.callsTo(ONE)[2].query).toMatchObject({ days: '90', platforms_metric: 'views' });
  });

  it('shows the empty charts and tables as such', async () => {
    fakeApi({ [PERFORMANCE]: brandsReply([]), [ALL]: statsReply(makeStats()) });
    await openInsights();
    expect(await screen.findByText('No revenue data')).toBeInTheDocument();
    expect(screen.getByText('No visits yet')).toBeInTheDocument();
    expect(screen.getByText('No platform activity yet')).toBeInTheDocument();
  });

  it('shows the error banner when the figures fail', async () => {
    fakeApi({ [PERFORMANCE]: brandsReply([]), [ALL]: replies.failure(500, 'boom') });
    await openInsights();
    expect(await screen.findByText('Failed to fetch stats')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
