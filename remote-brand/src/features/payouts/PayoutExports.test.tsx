/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useCurrentExportableTable, type ExportableTable } from 'shared-ui';
import {
  aPayout,
  aPayoutPreview,
  aPayoutSummary,
  aReviewItem,
  fakeApi,
  replies,
  type FakeRoutes,
} from 'shared-api/testing';
import { makeBrand } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';
import { exportOffers } from './PayoutExports';

const SUMMARY = 'GET brand/3/payouts/summary/';
const PAYOUTS = 'GET brand/3/payouts/';
const EXPORT = 'GET brand/3/payouts/export/';

function routes(over: FakeRoutes = {}) {
  return fakeApi({
    'GET brand/list/': replies.brandList([makeBrand({ id: 3, brand_name: 'Acme' })]),
    [SUMMARY]: replies.payoutSummary(aPayoutSummary()),
    [PAYOUTS]: replies.payouts([]),
    'GET brand/3/review/': replies.review([]),
    'GET brand/3/review/summary/': replies.reviewSummary(),
    'GET brand/3/review/refused/': replies.refusedReports([]),
    'GET brand/3/payout-settings/': replies.payoutSettings({ hold_days: 30, payout_minimum: 10 }),
    ...over,
  });
}

async function open() {
  const app = renderBrandApp('/brand/payouts');
  await findHeading('Payouts');
  return app;
}

const bank = (overrides: Parameters<typeof aPayout>[0] = {}) =>
  aPayout({ payment_type: 'Bank transfer', method: 'Alpine Bank ••••1234', ...overrides });

afterEach(() => jest.restoreAllMocks());

describe('payout exports', () => {
  it('offers one file per provider and currency that has pending payouts, with the count', () => {
    const offers = exportOffers([
      aPayout({ id: 1, currency: 'USD' }),
      aPayout({ id: 2, currency: 'USD' }),
      bank({ id: 3, currency: 'EUR' }),
    ]);
    expect(offers.map((o) => [o.label, o.payouts.map((p) => p.id)])).toEqual([
      ['Wise CSV (EUR)', [3]],
      ['PayPal CSV (USD)', [1, 2]],
    ]);
  });

  it('offers no file while balances wait but no payout has been created, and says why', async () => {
    routes();
    await open();
    // The first test of the file also waits for the screen's lazy modules to compile.
    expect(
      await screen.findByText(/No pending payouts to send/, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /CSV/ })).not.toBeInTheDocument();
  });

  it('keeps offering the pending payouts after a reload, and saves the file its label names', async () => {
    const api = routes({
      [PAYOUTS]: (call) =>
        replies.payouts(call.query.status === 'pending' ? [aPayout({ currency: 'USD' })] : []),
      [EXPORT]: { body: 'ada@pay.example,12.00,USD,PAYOUT-5,Acme payout 5,PAYPAL\r\n' },
    });
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:csv');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'PayPal CSV (USD) · 1 payout' }));
    await waitFor(() => expect(saved).toEqual(['payouts-USD-paypal.csv']));
    expect(api.callsTo(EXPORT)[0].query).toEqual({ format: 'paypal', currency: 'USD' });
    expect(screen.queryByRole('button', { name: /Wise/ })).not.toBeInTheDocument();
  });

  it('never saves an empty file: says so instead', async () => {
    routes({
      [PAYOUTS]: replies.payouts([bank({ currency: 'EUR' })]),
      [EXPORT]: { body: 'name,recipientEmail,paymentReference\r\n' },
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Wise CSV (EUR) · 1 payout' }));
    expect(
      await screen.findByText('No pending Wise (EUR) payouts to export any more'),
    ).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it("offers the header's Export every payout, not the page on screen", async () => {
    const page = (n: number) =>
      Array.from({ length: n }, (_, i) => aPayout({ id: i + 1, status: 'successful' }));
    const api = routes({
      [PAYOUTS]: (call) =>
        call.query.per_page === '100'
          ? {
              body: {
                results: call.query.page === '2' ? page(5) : page(100),
                meta: { total: 105, page: Number(call.query.page), pages: 2 },
              },
            }
          : { body: { results: page(10), meta: { total: 105, page: 1, pages: 11 } } },
    });
    let offered: ExportableTable | null = null;
    function HeaderExport() {
      offered = useCurrentExportableTable();
      return null;
    }
    render(<HeaderExport />);
    await open();
    await waitFor(() => expect(offered?.name).toBe('payouts'));
    const table = offered as unknown as ExportableTable;
    expect(table.total).toBe(105);
    let all: readonly unknown[] = [];
    await act(async () => {
      all = (await table.loadAll?.()) ?? [];
    });
    expect(all).toHaveLength(105);
    expect(api.callsTo(PAYOUTS).some((call) => call.query.status === undefined)).toBe(true);
  });
});

describe('payouts table', () => {
  it('shows who, how, amount, date, status and the buttons: six columns', async () => {
    routes({ [PAYOUTS]: replies.payouts([aPayout({ failure_reason: null })]) });
    await open();
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Advocate', 'Method', 'Amount', 'Date', 'Status', 'Actions']);
    const row = (await within(table).findByText('€12.00')).closest('tr') as HTMLElement;
    for (const text of ['ada', 'ada@example.test', 'AID000042', 'PayPal', 'ada@pay.example'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
  });

  it('says a previous payout still pending has not been sent', async () => {
    routes({
      [SUMMARY]: replies.payoutSummary(
        aPayoutSummary({
          previous_payout: {
            date: '2030-01-02T10:00:00.000Z',
            totals: [{ currency: 'USD', amount: 12 }],
            payouts: 1,
          },
        }),
      ),
      [PAYOUTS]: replies.payouts([aPayout({ currency: 'USD' })]),
    });
    await open();
    const card = await screen.findByRole('region', { name: 'Previous payout' });
    expect(
      await within(card).findByText('Created Jan 2, 2030 · 1 payout(s) · 1 not sent yet'),
    ).toBeInTheDocument();
  });

  it('previews who waits for a payout method when Create payouts would pay nobody', async () => {
    routes({
      'POST brand/3/payouts/preview/': replies.payoutPreview(
        aPayoutPreview({ payouts: [], totals: [] }),
      ),
    });
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Create payouts' }));
    const preview = await screen.findByRole('dialog', { name: 'Create payouts' });
    expect(within(preview).getByText('No approved balance can be paid now.')).toBeInTheDocument();
    const notPaid = within(preview).getByRole('table', { name: 'Not paid this time' });
    expect(within(notPaid).getByText('bo')).toBeInTheDocument();
    expect(within(notPaid).getByText('No payout method')).toBeInTheDocument();
    expect(within(preview).getByRole('button', { name: 'Nothing to pay' })).toBeDisabled();
  });

  it('keeps the review list to eight columns and never breaks an order id', async () => {
    routes({
      'GET brand/3/review/': replies.review([aReviewItem({ conversion_ref: 'demo-197' })]),
    });
    await open();
    const review = await screen.findByRole('table', { name: 'Pending conversions' });
    const headers = within(review)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(1)).toEqual([
      'Order',
      'Advocate',
      'Campaign',
      'Sale',
      'Reward',
      'Reported',
      'Hold ends',
      'Actions',
    ]);
    expect(await within(review).findByText('demo-197')).toHaveStyle('white-space: nowrap');
  });
});
