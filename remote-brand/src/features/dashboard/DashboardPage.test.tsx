/** @jest-environment ./src/test/jsdomWithFetch.ts */
import type { Payment, PaymentsReply, Stats } from 'contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useCurrentExportableTable, type ExportableTable } from 'shared-ui';
import { aPayout, fakeApi, heldReply, replies } from 'shared-api/testing';
import { makeBusyStats, makeStats, statsReply } from 'shared-ui/test-utils';
import { makeBrand, makeCampaign, makeProduct, productsReply } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';
import { lastDays } from './periodDays';
import { makeStripeIntegration } from '../integrations/stripe.fixtures';

jest.mock('react-chartjs-2', () => jest.requireActual('shared-ui/test-utils').chartStubs);

const BRANDS = 'GET brand/list/';
const STATS = 'GET brand/stats/';
const PAYMENTS = 'GET payments/';
const brands = replies.brandList([makeBrand()]);

function makePayment(id: number, overrides: Partial<Payment> = {}): Payment {
  return {
    id,
    transaction_id: `order-${id}`,
    advocate: { id: 21, name: 'Ada Obi', email: 'ada@example.test' },
    advocate_name: 'Ada Obi',
    advocate_email: 'ada@example.test',
    amount: 59.9,
    refunded_amount: 0,
    currency: 'USD',
    reward_amount: 5.99,
    refunded_reward: 0,
    event_type: 'purchase',
    reported_with: 'secret',
    renewal_number: null,
    status: 'approved',
    date: '2025-03-30',
    created_at: '2025-03-30T10:00:00Z',
    campaign_id: 11,
    campaign_name: 'Spring Launch',
    brand_id: 3,
    brand_name: 'Acme Coffee',
    ...overrides,
  };
}

function paymentsReply(
  results: Payment[],
  total = results.length,
  page = 1,
  perPage = 10,
): { body: PaymentsReply } {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return {
    body: {
      results,
      count: total,
      meta: { total, page, pages, per_page: perPage, count: results.length },
      generated_at: '2025-03-31T14:05:00Z',
    },
  };
}

const card = (name: string) => screen.getByRole('region', { name });

async function openDashboard(path = '/brand/dashboard') {
  const app = renderBrandApp(path);
  await findHeading('Dashboard');
  return app;
}

describe('brand dashboard', () => {
  it('shows Loading analytics... until the figures arrive', async () => {
    const held = heldReply(statsReply(makeBusyStats()));
    fakeApi({ [BRANDS]: brands, [STATS]: held.route, [PAYMENTS]: paymentsReply([]) });
    await openDashboard();
    expect(screen.getByText('Loading analytics...')).toBeInTheDocument();
    held.release();
    // The first test of the file also waits for the figures' lazy modules to compile.
    expect(
      await screen.findByRole('region', { name: 'Clicks' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('shows the four cards with their change against the previous period and the time of the data', async () => {
    const api = fakeApi({
      [BRANDS]: brands,
      [STATS]: statsReply(makeBusyStats()),
      [PAYMENTS]: paymentsReply([makePayment(1)]),
    });
    await openDashboard();
    await screen.findByRole('region', { name: 'Clicks' });
    // Advocates 1 → 2 since the range began; clicks 160 → 140; conversions from none (New);
    // income 1,240.40 → 1,550.50.
    expect(within(card('Advocates')).getByText('2')).toBeInTheDocument();
    expect(within(card('Advocates')).getByText('+100%')).toBeInTheDocument();
    expect(within(card('Advocates')).getByText('since Mar 2')).toBeInTheDocument();
    expect(within(card('Clicks')).getByText('140')).toBeInTheDocument();
    expect(within(card('Clicks')).getByText('-12.5%')).toBeInTheDocument();
    expect(within(card('Conversions')).getByText('7')).toBeInTheDocument();
    expect(within(card('Conversions')).getByText('New')).toBeInTheDocument();
    expect(within(card('Conversions')).getByText('5% of clicks')).toBeInTheDocument();
    expect(within(card('Total Income')).getByText('$1,550.50')).toBeInTheDocument();
    expect(within(card('Total Income')).getByText('+25%')).toBeInTheDocument();
    expect(within(card('Total Income')).getByText('Also €40.00')).toBeInTheDocument();
    expect(screen.getByText(/Mar 2 – Mar 31 · Last updated/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Revenue over time' })).toBeInTheDocument();

    expect(api.callsTo(STATS)[0].query).toEqual({
      days: '30',
      timeseries: '1',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('asks for 7 days when the period changes, and without series when Timeseries is off', async () => {
    const api = fakeApi({
      [BRANDS]: brands,
      [STATS]: statsReply(makeBusyStats()),
      [PAYMENTS]: paymentsReply([]),
    });
    const { user } = await openDashboard();
    await screen.findByRole('region', { name: 'Clicks' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 7 days');
    await waitFor(() => expect(api.callsTo(STATS)).toHaveLength(2));
    expect(api.callsTo(STATS)[1].query).toMatchObject({ days: '7', timeseries: '1' });

    await user.click(screen.getByRole('checkbox', { name: 'Timeseries' }));
    await waitFor(() => expect(api.callsTo(STATS)).toHaveLength(3));
    expect(api.callsTo(STATS)[2].query).toMatchObject({ days: '7', timeseries: '0' });
    await screen.findByRole('region', { name: 'Clicks' });
    expect(screen.queryByRole('img', { name: 'Revenue over time' })).not.toBeInTheDocument();
  });

  it('narrows to the brand of ?brandId=', async () => {
    const api = fakeApi({
      [BRANDS]: brands,
      'GET brand/stats/3/': statsReply(makeBusyStats()),
      [PAYMENTS]: paymentsReply([]),
    });
    await openDashboard('/brand/dashboard?brandId=3');
    await screen.findByRole('region', { name: 'Clicks' });
    expect(api.callsTo('GET brand/stats/3/')).toHaveLength(1);
    const table = api.callsTo(PAYMENTS).find((call) => call.query.per_page === '10');
    expect(table?.query).toMatchObject({ brand_id: '3' });
    expect(await screen.findByText(/^Acme Coffee: advocates/)).toBeInTheDocument();
  });

  it('keeps ?brandId= when /brand opens the dashboard', async () => {
    const api = fakeApi({
      [BRANDS]: brands,
      'GET brand/stats/3/': statsReply(makeBusyStats()),
      [PAYMENTS]: paymentsReply([]),
    });
    const app = renderBrandApp('/brand?brandId=3');
    await findHeading('Dashboard');
    expect(app.location()).toMatchObject({ pathname: '/brand/dashboard', search: '?brandId=3' });
    await screen.findByRole('region', { name: 'Clicks' });
    expect(api.callsTo(STATS)).toHaveLength(0);
  });

  it('shows zeros, No revenue data and No payments found. before any activity', async () => {
    fakeApi({ [BRANDS]: brands, [STATS]: statsReply(makeStats()), [PAYMENTS]: paymentsReply([]) });
    await openDashboard();
    expect(await screen.findByText('No revenue data')).toBeInTheDocument();
    expect(within(card('Total Income')).getByText('$0.00')).toBeInTheDocument();
    // Nothing now and nothing before: no change to state on any card.
    for (const name of ['Advocates', 'Clicks', 'Conversions', 'Total Income']) {
      expect(within(card(name)).queryByText('New')).not.toBeInTheDocument();
      expect(within(card(name)).queryByText('0%')).not.toBeInTheDocument();
    }
    expect(await screen.findByText('No payments found.')).toBeInTheDocument();
  });

  it('shows 0% for a figure unchanged from the previous period', async () => {
    const stats = makeBusyStats();
    stats.performance.progress = 0;
    stats.performance.previous_clicks = stats.engagement.clicks;
    fakeApi({ [BRANDS]: brands, [STATS]: statsReply(stats), [PAYMENTS]: paymentsReply([]) });
    await openDashboard();
    await screen.findByRole('region', { name: 'Clicks' });
    expect(within(card('Clicks')).getByText('0%')).toBeInTheDocument();
    expect(within(card('Clicks')).getByText('from the previous 30 days')).toBeInTheDocument();
  });

  it('names the previous income when it was next to nothing, not a five-digit percentage', async () => {
    const stats = makeStats();
    stats.revenue.total_revenue = 10645;
    stats.revenue.previous_total_revenue = 19.7;
    stats.revenue.change_percentage = 53871.4;
    fakeApi({ [BRANDS]: brands, [STATS]: statsReply(stats), [PAYMENTS]: paymentsReply([]) });
    await openDashboard();
    const income = await screen.findByRole('region', { name: 'Total Income' });
    expect(within(income).getByText('Up from $19.70')).toBeInTheDocument();
    expect(within(income).getByText('in the previous 30 days')).toBeInTheDocument();
    expect(within(income).queryByText(/53,871/)).not.toBeInTheDocument();
  });

  it('lists payments ten a page', async () => {
    const first = Array.from({ length: 10 }, (_, i) => makePayment(i + 1));
    const api = fakeApi({
      [BRANDS]: brands,
      [STATS]: statsReply(makeStats()),
      [PAYMENTS]: (call) =>
        call.query.page === '2'
          ? paymentsReply(
              [makePayment(11, { amount: 12, refunded_amount: 3, currency: 'EUR' })],
              11,
              2,
            )
          : paymentsReply(first, 11, 1),
    });
    const { user } = await openDashboard();
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(await within(table).findAllByText('order-1')).toHaveLength(1);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: /2/ }));
    expect(await within(table).findByText('order-11')).toBeInTheDocument();
    // A partly refunded sale: net of its refund, the refunded part under it.
    const amount = within(table).getByText('refunded €3.00').closest('td');
    expect(amount).toHaveTextContent(/^€12\.00refunded €3\.00$/);
    expect(within(table).queryByText('refunded $0.00')).toBeNull();
    expect(api.callsTo(PAYMENTS).at(-1)?.query).toMatchObject({ page: '2', per_page: '10' });
  });

  it('shows the failures: brand stats and payments', async () => {
    fakeApi({
      [BRANDS]: brands,
      [STATS]: replies.failure(500, 'boom'),
      [PAYMENTS]: replies.failure(500, 'boom'),
    });
    await openDashboard();
    expect(await screen.findByText('Failed to fetch brand stats')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch payments')).toBeInTheDocument();
  });

  it('says something went wrong when a reply cannot be drawn', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { ...makeStats(), revenue: undefined };
    fakeApi({
      [BRANDS]: brands,
      // A reply the contract rules out (no revenue), to reach the screen's error boundary.
      [STATS]: { body: { data: broken as unknown as Stats } },
      [PAYMENTS]: paymentsReply([]),
    });
    await openDashboard();
    expect(
      await screen.findByText('Something went wrong rendering this dashboard.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('lists the payments of the period the cards show, and follows a new period', async () => {
    const api = fakeApi({
      [BRANDS]: brands,
      [STATS]: statsReply(makeStats()),
      [PAYMENTS]: paymentsReply([makePayment(1)], 1),
    });
    const { user } = await openDashboard();
    // The table's calls (ten a page); the setup checklist asks for one sale of all time.
    const tableCall = () =>
      api
        .callsTo(PAYMENTS)
        .filter((call) => call.query.per_page === '10')
        .at(-1);
    const thirty = lastDays(30, new Date());
    await waitFor(() =>
      expect(tableCall()?.query).toMatchObject({
        since: thirty.since,
        until: thirty.until,
      }),
    );
    expect(await screen.findByText(/^Sales with a value from .* · 1 in all$/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), '7');
    const seven = lastDays(7, new Date());
    await waitFor(() =>
      expect(tableCall()?.query).toMatchObject({
        since: seven.since,
        until: seven.until,
        page: '1',
      }),
    );
  });

  it("offers the header's Export every payment of the period, not the page on screen", async () => {
    const first = Array.from({ length: 10 }, (_, i) => makePayment(i + 1));
    const api = fakeApi({
      [BRANDS]: brands,
      [STATS]: statsReply(makeStats()),
      [PAYMENTS]: (call) =>
        call.query.per_page === '100'
          ? call.query.page === '2'
            ? paymentsReply([makePayment(101)], 101, 2, 100)
            : paymentsReply(
                Array.from({ length: 100 }, (_, i) => makePayment(i + 1)),
                101,
                1,
                100,
              )
          : paymentsReply(first, 101, 1),
    });
    let offered: ExportableTable | null = null;
    function HeaderExport() {
      offered = useCurrentExportableTable();
      return null;
    }
    render(<HeaderExport />);
    await openDashboard();
    await screen.findByRole('table', { name: 'Payments' });
    await waitFor(() => expect(offered?.total).toBe(101));
    const table = offered as unknown as ExportableTable;
    expect(table.rows).toHaveLength(10);
    let all: readonly unknown[] = [];
    await act(async () => {
      all = (await table.loadAll?.()) ?? [];
    });
    expect(all).toHaveLength(101);
    const pages = api.callsTo(PAYMENTS).filter((call) => call.query.per_page === '100');
    expect(pages.map((call) => call.query.page)).toEqual(['1', '2']);
  });
});

describe('brand setup checklist', () => {
  const stripe = (connected: boolean) => ({ body: makeStripeIntegration({ connected }) });
  function setup(over: Parameters<typeof fakeApi>[0] = {}) {
    return fakeApi({
      [BRANDS]: brands,
      [STATS]: statsReply(makeStats()),
      [PAYMENTS]: paymentsReply([]),
      'GET brand/3/products/': productsReply([]),
      'GET brand/3/campaigns/': replies.brandCampaigns([]),
      'GET brand/3/integrations/stripe/': stripe(false),
      'GET brand/3/payouts/': replies.payouts([]),
      'GET brand/3/payout-settings/': replies.payoutSettings({ hold_days: 30, payout_minimum: 10 }),
      ...over,
    });
  }

  it("lists a new brand's four steps, none done, each linking to its screen", async () => {
    setup();
    await openDashboard();
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^○Add a product \(to do\)Add product$/),
      expect.stringMatching(/^○Publish a campaign with a reward \(to do\)Create campaign$/),
      expect.stringMatching(/Install tracking.*\(to do\)Get the tracking script$/),
      expect.stringMatching(/Choose your payout settings.*\(to do\)Payout settings$/),
    ]);
    expect(screen.getByText(/^0 of 4 done/)).toBeInTheDocument();
    expect(within(steps).getByRole('link', { name: 'Add product' })).toHaveAttribute(
      'href',
      '/brand/brands/3/products/create',
    );
    // The payout step opens the settings section itself, not the top of the payouts screen.
    expect(within(steps).getByRole('link', { name: 'Payout settings' })).toHaveAttribute(
      'href',
      '/brand/payouts?brandId=3#payout-settings',
    );
  });

  it('ticks payout settings once saved, even with the default values', async () => {
    setup({
      'GET brand/3/payout-settings/': replies.payoutSettings(
        { hold_days: 30, payout_minimum: 10 },
        '2026-11-27T10:00:00.000Z',
      ),
    });
    await openDashboard();
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    expect(screen.getByText(/^1 of 4 done/)).toBeInTheDocument();
    expect(within(steps).queryByRole('link', { name: 'Payout settings' })).not.toBeInTheDocument();
  });

  it('ticks each step from real data: a product, a paying live campaign, a sale, changed settings', async () => {
    setup({
      'GET brand/3/products/': productsReply([makeProduct()]),
      'GET brand/3/campaigns/': replies.brandCampaigns([
        makeCampaign({ status: 'inactive', commission_value: 10 }),
        makeCampaign({ id: 12, status: 'active', commission_value: 5 }),
      ]),
    });
    await openDashboard();
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    expect(screen.getByText(/^2 of 4 done/)).toBeInTheDocument();
    expect(within(steps).queryByRole('link', { name: 'Add product' })).not.toBeInTheDocument();
    expect(within(steps).getByText('Add a product')).toBeInTheDocument();
  });

  it('once every step is done, shows the next steps: the campaign link to invite advocates', async () => {
    localStorage.clear();
    setup({
      'GET brand/3/products/': productsReply([makeProduct()]),
      'GET brand/3/campaigns/': replies.brandCampaigns([
        makeCampaign({ id: 12, title: 'Spring Launch', commission_value: 5 }),
      ]),
      'GET brand/3/integrations/stripe/': stripe(true),
      'GET brand/3/payouts/': replies.payouts([aPayout()]),
    });
    const app = await openDashboard();
    const next = await screen.findByRole('list', { name: 'Next steps' });
    expect(screen.queryByRole('list', { name: 'Setup steps' })).toBeNull();
    expect(next).toHaveTextContent('Invite advocates');
    expect(next).toHaveTextContent('http://localhost/advocate/campaigns/12');
    expect(next).toHaveTextContent('a public program page is not available yet');
    await app.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('list', { name: 'Next steps' })).toBeNull();
  });
});

describe('lastDays', () => {
  it('is the last n days up to and including today', () => {
    expect(lastDays(7, new Date(2026, 2, 3))).toEqual({ since: '2026-02-25', until: '2026-03-03' });
    expect(lastDays(1, new Date(2026, 0, 1))).toEqual({ since: '2026-01-01', until: '2026-01-01' });
  });
});
