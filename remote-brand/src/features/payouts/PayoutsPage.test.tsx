/** @jest-environment ./src/test/jsdomWithFetch.ts */
import type { PayoutSummary, PayoutView, ReviewItem } from 'contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, heldReply, type FakeRoute } from 'shared-api/testing';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';
import { makeBrand } from '../../test/fixtures';

const BRANDS = 'GET brand/list/';
const SUMMARY = 'GET brand/3/payouts/summary/';
const PAYOUTS = 'GET brand/3/payouts/';
const REVIEW = 'GET brand/3/review/';
const SETTINGS = 'GET brand/3/payout-settings/';

const brandList = {
  body: { status: 'success', brands: [makeBrand({ id: 3, brand_name: 'Acme' })] },
};

const summary = (over: Partial<PayoutSummary> = {}): PayoutSummary => ({
  balance: [
    { currency: 'EUR', amount: 12 },
    { currency: 'USD', amount: 21 },
  ],
  next_payout: { totals: [{ currency: 'EUR', amount: 12 }], advocates: 1 },
  previous_payout: null,
  advocates: [
    {
      advocate_id: 42,
      advocate: 'ada',
      email: 'ada@example.test',
      currency: 'EUR',
      amount: 12,
      due: true,
      has_method: true,
    },
    {
      advocate_id: 7,
      advocate: 'bo',
      email: 'bo@example.test',
      currency: 'USD',
      amount: 15,
      due: true,
      has_method: false,
    },
  ],
  settings: { hold_days: 30, payout_minimum: 10 },
  ...over,
});

const payout = (over: Partial<PayoutView> = {}): PayoutView => ({
  id: 5,
  advocate_id: 42,
  advocate: 'ada',
  email: 'ada@example.test',
  payment_type: 'PayPal',
  method: 'ada@pay.example',
  amount: 12,
  currency: 'EUR',
  date: '2030-01-02T10:00:00.000Z',
  status: 'pending',
  rewards: 2,
  failure_reason: null,
  ...over,
});

const reviewItem = (over: Partial<ReviewItem> = {}): ReviewItem => ({
  conversion_id: 9,
  conversion_ref: 'order-9',
  campaign_id: 11,
  campaign_title: 'Spring Launch',
  advocate_id: 42,
  advocate: 'ada',
  email: 'ada@example.test',
  event_type: 'purchase',
  value: 100,
  currency: 'USD',
  reward_amount: 10,
  needs_review: true,
  created_at: '2030-01-01T12:00:00.000Z',
  hold_ends_at: '2030-01-31T12:00:00.000Z',
  ...over,
});

const page = <T,>(results: T[]) => ({
  body: { results, meta: { total: results.length, page: 1, pages: 1 } },
});

function routes(over: Record<string, FakeRoute> = {}) {
  return fakeApi({
    [BRANDS]: brandList,
    [SUMMARY]: { body: summary() },
    [PAYOUTS]: page([payout()]),
    [REVIEW]: page([reviewItem()]),
    [SETTINGS]: { body: { hold_days: 30, payout_minimum: 10 } },
    ...over,
  });
}

async function open() {
  const app = renderBrandApp('/brand/payouts');
  await findHeading('Payouts');
  return app;
}

describe('Payouts', () => {
  it('shows spinners while loading, then the cards per currency and the tables', async () => {
    const held = heldReply({ body: summary() });
    routes({ [SUMMARY]: held.route });
    await open();
    expect(await screen.findAllByRole('status', { name: 'Loading' })).not.toHaveLength(0);
    held.release();
    expect(await screen.findByText('€12.00 · $21.00')).toBeInTheDocument();
    expect(screen.getByText('Previous payout').closest('div')).toBeTruthy();
    const payouts = await screen.findByRole('table', { name: 'Payouts' });
    const row = (await within(payouts).findByText('AID000042')).closest('tr') as HTMLElement;
    for (const text of [
      'ada',
      'ada@example.test',
      'PayPal',
      'ada@pay.example',
      '€12.00',
      'Pending',
    ])
      expect(within(row).getByText(text)).toBeInTheDocument();
    const balances = screen.getByRole('table', { name: 'Advocate balances' });
    expect(within(balances).getByText('Needs a payout method')).toBeInTheDocument();
    expect(within(balances).getByText('Will be paid')).toBeInTheDocument();
    const review = screen.getByRole('table', { name: 'Pending conversions' });
    expect(await within(review).findByText('order-9')).toBeInTheDocument();
    expect(within(review).getByText('From a browser')).toBeInTheDocument();
  });

  it('says so when nothing waits and no payout exists', async () => {
    routes({
      [SUMMARY]: {
        body: summary({ balance: [], advocates: [], next_payout: { totals: [], advocates: 0 } }),
      },
      [PAYOUTS]: page([]),
      [REVIEW]: page([]),
    });
    await open();
    expect(await screen.findByText('No payouts yet.')).toBeInTheDocument();
    expect(await screen.findByText('No conversions waiting for review.')).toBeInTheDocument();
    expect(await screen.findByText('No approved rewards to pay.')).toBeInTheDocument();
  });

  it('shows errors with a retry', async () => {
    let fail = true;
    const api = routes({
      [SUMMARY]: () => (fail ? { status: 500, body: { detail: 'boom' } } : { body: summary() }),
      [PAYOUTS]: { status: 500, body: { detail: 'boom' } },
    });
    const { user } = await open();
    expect(await screen.findByText('Failed to fetch payments')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load payouts')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getAllByRole('button', { name: 'Retry' })[0]);
    expect(await screen.findByText('€12.00 · $21.00')).toBeInTheDocument();
    expect(api.callsTo(SUMMARY).length).toBeGreaterThan(1);
  });

  it('says when the owner has no brand', async () => {
    fakeApi({ [BRANDS]: { body: { status: 'success', brands: [] } } });
    await open();
    expect(await screen.findByText('No brands found.')).toBeInTheDocument();
  });

  it('approves the selected conversions, rejects only with a reason, creates payouts and marks one sent', async () => {
    const api = routes({
      'POST brand/3/review/': { body: { status: 'success', moved: [9], skipped: [] } },
      'POST brand/3/payouts/': {
        status: 201,
        body: {
          status: 'success',
          payouts: [payout()],
          needs_method: [summary().advocates[1]],
        },
      },
      'POST payout/5/sent/': { body: { status: 'success', payout: payout({ status: 'ongoing' }) } },
    });
    const { user } = await open();
    const review = await screen.findByRole('table', { name: 'Pending conversions' });
    await user.click(await within(review).findByRole('checkbox', { name: /order-9/ }));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    expect(await screen.findByText('A reason is required to reject')).toBeInTheDocument();
    expect(api.callsTo('POST brand/3/review/')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    await waitFor(() =>
      expect(api.bodyOf('POST brand/3/review/')).toEqual({
        action: 'approve',
        conversion_ids: [9],
      }),
    );
    expect(await screen.findByText('1 conversion approved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create payouts' }));
    expect(await screen.findByText('1 payout created')).toBeInTheDocument();
    expect(screen.getByText(/needs a payout method: bo \(\$15\.00\)/)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(api.callsTo('POST payout/5/sent/')).toHaveLength(1));
  });

  it('saves the hold period and payout minimum, validated', async () => {
    const api = routes({
      'PUT brand/3/payout-settings/': { body: { hold_days: 0, payout_minimum: 25 } },
    });
    const { user } = await open();
    const form = await screen.findByRole('form', { name: 'Payout settings' });
    const hold = within(form).getByLabelText('Hold period (days)');
    await user.clear(hold);
    await user.type(hold, '-1');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('At least 0 days')).toBeInTheDocument();
    await user.clear(hold);
    await user.type(hold, '0');
    const minimum = within(form).getByLabelText('Payout minimum');
    await user.clear(minimum);
    await user.type(minimum, '25');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(api.bodyOf('PUT brand/3/payout-settings/')).toEqual({
        hold_days: 0,
        payout_minimum: 25,
      }),
    );
  });
});
