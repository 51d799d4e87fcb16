import type { EarningEntry } from 'contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import {
  anAdvocatePayout,
  anEarning,
  fakeApi,
  type FakeRoutes,
  heldReply,
  replies,
} from 'shared-api/testing';
import { tableToCsv, useCurrentExportableTable, type ExportableTable } from 'shared-ui';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';

const SUMMARY = 'GET advocates/earnings/';
const LIST = 'GET advocates/earnings/transactions/';

const entry = (over: Partial<EarningEntry> = {}) =>
  anEarning({
    created_at: '2030-01-02T12:00:00.000Z',
    payout: { id: 5, status: 'successful', date: '2030-01-03T12:00:00.000Z' },
    ...over,
  });

const page = replies.earnings;

async function open(routes: FakeRoutes) {
  const api = fakeApi(routes);
  const app = renderAdvocateApp('/advocate/earnings');
  await findHeading('Earnings');
  return { api, ...app };
}

describe('Earnings', () => {
  it('loads, then shows totals per currency and each transaction with its status and payout', async () => {
    const held = heldReply(
      page([
        entry(),
        entry({ id: 2, kind: 'clawback', amount: -10, status: 'approved', payout: null }),
      ]),
    );
    const { api } = await open({
      [SUMMARY]: replies.earningsSummary(
        [
          { currency: 'EUR', amount: 4.5 },
          { currency: 'USD', amount: 20 },
        ],
        [{ currency: 'USD', amount: -10 }],
      ),
      [LIST]: held.route,
    });
    const table = screen.getByRole('table', { name: 'Transaction History' });
    expect(within(table).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    held.release();
    expect(await within(table).findByText('Payout #5 · Successful')).toBeInTheDocument();
    expect(await screen.findByText('€4.50 · $20.00')).toBeInTheDocument();
    // The balance card and the deduction's row.
    expect(screen.getAllByText('-$10.00')).toHaveLength(2);
    const rows = within(table).getAllByRole('row').slice(1);
    // Words, not raw values (issue 35): the status, the kind of sale, the one date style.
    expect(within(rows[0]).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[0]).getByText(/^Purchase · order-9/)).toBeInTheDocument();
    expect(within(rows[0]).getByText('Jan 2, 2030')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Purchase', 'Sign-up', 'Subscription started']));
    expect(within(rows[0]).getByText('Payout #5 · Successful')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/Refund deduction/)).toBeInTheDocument();
    expect(within(rows[1]).getByText('Approved')).toBeInTheDocument();
    expect(api.callsTo(LIST)[0].query).toMatchObject({ page: '1', per_page: '10' });
    expect(api.callsTo(LIST)[0].query.min_value).toBeUndefined();
  });

  it('shows a partly refunded sale net of its refund, with the refunded part', async () => {
    await open({
      [SUMMARY]: replies.earningsSummary([]),
      [LIST]: page([
        entry({ value: 75, refunded_value: 25, amount: 7.5, status: 'pending', payout: null }),
        entry({ id: 2, conversion_ref: 'order-10' }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Transaction History' });
    const [refunded, whole] = (await within(table).findAllByRole('row')).slice(1);
    expect(within(refunded).getByText('Sale $75.00, refunded $25.00')).toBeInTheDocument();
    expect(within(refunded).getByText('$7.50')).toBeInTheDocument();
    expect(within(whole).queryByText(/refunded/)).toBeNull();
  });

  it('says when there is nothing, and when earnings cannot be loaded', async () => {
    await open({
      [SUMMARY]: replies.failure(500, 'boom'),
      [LIST]: page([]),
    });
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load earnings')).toBeInTheDocument();
  });

  it("shows a renewal's number, its month and its customer, masked", async () => {
    await open({
      [SUMMARY]: replies.earningsSummary([]),
      [LIST]: page([
        entry({
          event_type: 'subscription_renewal',
          renewal_number: 2,
          customer: 'j•••@example.com',
          created_at: '2030-03-01T12:00:00.000Z',
          amount: 6,
        }),
      ]),
    });
    expect(await screen.findByText(/Renewal #2 \(March 2030\)/)).toBeInTheDocument();
    expect(screen.getByText(/j•••@example\.com/)).toBeInTheDocument();
  });

  it('filters by period, type and minimum amount (sent only when filled); Refresh reloads', async () => {
    const { api, user } = await open({
      [SUMMARY]: replies.earningsSummary([]),
      [LIST]: page([entry()]),
    });
    await screen.findByText('order-9', { exact: false });
    await user.selectOptions(screen.getByLabelText('Period'), 'all');
    await user.selectOptions(screen.getByLabelText('Type'), 'signup');
    await user.type(screen.getByLabelText('Minimum amount'), '5');
    await waitFor(() =>
      expect(api.callsTo(LIST).at(-1)?.query).toEqual({
        since: '2020-01-01',
        event_type: 'signup',
        min_value: '5',
        page: '1',
        per_page: '10',
      }),
    );
    const before = api.callsTo(SUMMARY).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsTo(SUMMARY).length).toBeGreaterThan(before));
  });

  it("puts the server's 400 for a negative minimum under the Minimum amount control", async () => {
    const refused = 'must be >= 0';
    const { user } = await open({
      [SUMMARY]: replies.earningsSummary([]),
      [LIST]: (call) =>
        call.query.min_value === '-5'
          ? replies.failure(400, `min_value ${refused}`, { min_value: [refused] })
          : page([entry()]),
    });
    await screen.findByText('order-9', { exact: false });
    await user.type(screen.getByLabelText('Minimum amount'), '-5');
    const control = screen.getByLabelText('Minimum amount');
    await waitFor(() => expect(control).toHaveAccessibleDescription(refused));
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Failed to load earnings')).not.toBeInTheDocument();
  });
});

describe('Earnings helps the advocate get paid', () => {
  it('warns without a payout method, gives each rejection its reason, lists payouts, and exports', async () => {
    const offered: { table: ExportableTable | null } = { table: null };
    function HeaderProbe() {
      offered.table = useCurrentExportableTable();
      return null;
    }
    render(<HeaderProbe />);
    await open({
      [SUMMARY]: replies.earningsSummary([{ currency: 'USD', amount: 10 }]),
      [LIST]: page([
        entry({ payout: null }),
        entry({
          id: 2,
          conversion_ref: 'order-2',
          status: 'rejected',
          payout: null,
          rejection_reason: 'Order returned',
        }),
      ]),
      'GET payout-methods/': replies.payoutMethods([]),
      'GET advocates/payouts/': replies.advocatePayouts([
        anAdvocatePayout({ status: 'failed', failure_reason: 'PayPal account closed' }),
      ]),
    });
    const warning = await screen.findByRole('alert');
    expect(within(warning).getByText('Add a payout method to get paid')).toBeInTheDocument();
    expect(within(warning).getByRole('link', { name: 'Add a payout method' })).toHaveAttribute(
      'href',
      '/advocate/settings?tab=payments',
    );
    const history = screen.getByRole('table', { name: 'Transaction History' });
    expect(await within(history).findByText('Order returned')).toBeInTheDocument();
    const payouts = screen.getByRole('table', { name: 'Payouts' });
    expect(await within(payouts).findByText('€12.00')).toBeInTheDocument();
    expect(within(payouts).getByText('Failed')).toBeInTheDocument();
    expect(within(payouts).getByText('PayPal account closed')).toBeInTheDocument();

    await waitFor(() => expect(offered.table).not.toBeNull());
    const csv = tableToCsv(offered.table as ExportableTable);
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFDate,Order,Type,Brand,Campaign,Amount,Status,Rejection reason,Payout,Currency',
    );
  });
});
