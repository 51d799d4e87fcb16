import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, heldReply, replies } from 'shared-api/testing';
import { makeBreakdown, makePerformance, performanceReply } from '../../test/analyticsFixtures';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';
import { isoDay, periodRange, previousRange } from './periods';

jest.mock('react-chartjs-2', () => jest.requireActual('shared-ui/test-utils').chartStubs);

const PERFORMANCE = 'GET advocates/performance/';
const card = (name: string) => screen.getByRole('region', { name });

const current = makePerformance({
  metrics: { clicks: 120, subscribers: 4, conversions: 6, revenue: 480, earnings: 48 },
  revenue: (i) => (i === 29 ? 480 : 0),
  breakdown: [
    makeBreakdown(),
    makeBreakdown({
      campaign_id: 12,
      campaign_name: 'Autumn Roast',
      brand_name: 'Beta Tea',
      clicks: 80,
      conversions: 3,
      revenue: 300,
      earnings: 30,
    }),
  ],
  byCurrency: [
    { currency: 'USD', conversions: 5, revenue: 480, total_earnings: 48, net_earnings: 0 },
    { currency: 'EUR', conversions: 1, revenue: 20, total_earnings: 2, net_earnings: 0 },
  ],
});
const previous = makePerformance({
  metrics: { clicks: 100, subscribers: 0, conversions: 4, revenue: 480, earnings: 64 },
});

/** Answers the current period's call with `current` and any earlier range with `previous`. */
function routes() {
  const today = periodRange('30d', new Date()).until;
  return {
    [PERFORMANCE]: (call: { query: Record<string, string> }) =>
      call.query.until === today ? performanceReply(current) : performanceReply(previous),
  };
}

async function openDashboard() {
  const app = renderAdvocateApp('/advocate/dashboard');
  await findHeading('Dashboard');
  return app;
}

describe('advocate dashboard', () => {
  it('shows Loading analytics... until the figures arrive', async () => {
    const held = heldReply(performanceReply(current));
    fakeApi({ [PERFORMANCE]: held.route });
    await openDashboard();
    expect(screen.getByText('Loading analytics...')).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('region', { name: 'Clicks' })).toBeInTheDocument();
  });

  it('shows the four cards with the change against the previous 30 days', async () => {
    const api = fakeApi(routes());
    await openDashboard();
    await waitFor(() => expect(within(card('Clicks')).getByText('+20%')).toBeInTheDocument());
    expect(within(card('Clicks')).getByText('120')).toBeInTheDocument();
    expect(within(card('Subscribers')).getByText('4')).toBeInTheDocument();
    expect(within(card('Subscribers')).getByText('New')).toBeInTheDocument();
    expect(within(card('Revenue')).getByText('$480.00')).toBeInTheDocument();
    expect(within(card('Revenue')).getByText('0%')).toBeInTheDocument();
    expect(within(card('Revenue')).getByText('Also €20.00')).toBeInTheDocument();
    expect(within(card('Earnings')).getByText('$48.00')).toBeInTheDocument();
    expect(within(card('Earnings')).getByText('-25%')).toBeInTheDocument();

    const range = periodRange('30d', new Date());
    const [now, before] = api.callsTo(PERFORMANCE);
    expect(now.query).toEqual({
      ...range,
      timeseries: '1',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(before.query).toMatchObject({
      ...previousRange(range),
      timeseries: '0',
      currency: 'USD',
    });
  });

  it('asks for another range when the period changes; All Time begins on 1 January 2020', async () => {
    const api = fakeApi(routes());
    const { user } = await openDashboard();
    await screen.findByRole('region', { name: 'Clicks' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 7 Days');
    await waitFor(() =>
      expect(
        api.callsTo(PERFORMANCE).some((c) => c.query.since === periodRange('7d', new Date()).since),
      ).toBe(true),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'All Time');
    await waitFor(() =>
      expect(api.callsTo(PERFORMANCE).at(-1)?.query).toMatchObject({
        since: '2020-01-01',
        until: isoDay(new Date()),
      }),
    );
  });

  it('draws revenue over time and the breakdown, sortable and selectable', async () => {
    fakeApi(routes());
    const { user } = await openDashboard();
    expect(await screen.findByRole('img', { name: 'Revenue over time' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Performance by campaign' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1].textContent);
    expect(names()).toEqual(['Spring Launch', 'Autumn Roast']);
    // Most clicks first: ascending, then descending.
    await user.click(within(table).getByRole('button', { name: 'Clicks' }));
    await user.click(within(table).getByRole('button', { name: 'Clicks' }));
    expect(names()).toEqual(['Autumn Roast', 'Spring Launch']);
    await user.click(within(table).getByRole('checkbox', { name: 'Select Autumn Roast' }));
    expect(within(table).getByRole('checkbox', { name: 'Select Autumn Roast' })).toBeChecked();
    expect(within(table).getByText('$300.00')).toBeInTheDocument();
    expect(within(table).getByText('$30.00')).toBeInTheDocument();
  });

  it('says No performance data and No revenue data before any activity', async () => {
    fakeApi({ [PERFORMANCE]: performanceReply(makePerformance()) });
    await openDashboard();
    expect(await screen.findByText('No performance data')).toBeInTheDocument();
    expect(screen.getByText('No revenue data')).toBeInTheDocument();
    expect(within(card('Earnings')).getByText('$0.00')).toBeInTheDocument();
  });

  it('says Failed to load performance when the call fails', async () => {
    fakeApi({ [PERFORMANCE]: replies.failure(500, 'boom') });
    await openDashboard();
    expect(await screen.findByText('Failed to load performance')).toBeInTheDocument();
  });

  it("shows each campaign's money in the currencies it earned in, not $0.00 of the main one", async () => {
    fakeApi({
      [PERFORMANCE]: performanceReply(
        makePerformance({
          metrics: { clicks: 209, conversions: 10, revenue: 0, earnings: 0 },
          breakdown: [
            makeBreakdown({
              campaign_name: 'Alpine Europe',
              clicks: 209,
              conversions: 10,
              revenue: 0,
              earnings: 0,
              by_currency: [{ currency: 'EUR', revenue: 1188, earnings: 95.04 }],
            }),
          ],
        }),
      ),
    });
    renderAdvocateApp('/advocate/dashboard');
    await findHeading('Dashboard');
    const table = await screen.findByRole('table', { name: 'Performance by campaign' });
    const row = within(table).getByText('Alpine Europe').closest('tr') as HTMLElement;
    expect(within(row).getByText('€1,188.00')).toBeInTheDocument();
    expect(within(row).getByText('€95.04')).toBeInTheDocument();
    expect(within(row).queryByText('$0.00')).not.toBeInTheDocument();
  });
});
