/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import {
  aPayout,
  aPayoutSummary,
  aReviewItem,
  fakeApi,
  type FakeRoutes,
  heldReply,
  replies,
} from 'shared-api/testing';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';
import { makeBrand, makeUser } from '../../test/fixtures';

const BRANDS = 'GET brand/list/';
const SUMMARY = 'GET brand/3/payouts/summary/';
const PAYOUTS = 'GET brand/3/payouts/';
const REVIEW = 'GET brand/3/review/';
const SETTINGS = 'GET brand/3/payout-settings/';
const FRAUD = 'GET brand/3/fraud-settings/';

const brandList = replies.brandList([makeBrand({ id: 3, brand_name: 'Acme' })]);

const summary = aPayoutSummary;
const payout = aPayout;
const reviewItem = aReviewItem;

function routes(over: FakeRoutes = {}) {
  return fakeApi({
    [BRANDS]: brandList,
    [SUMMARY]: replies.payoutSummary(summary()),
    [PAYOUTS]: replies.payouts([payout()]),
    [REVIEW]: replies.review([reviewItem()]),
    [SETTINGS]: replies.payoutSettings({ hold_days: 30, payout_minimum: 10 }),
    [FRAUD]: replies.fraudSettings(),
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
    const held = heldReply(replies.payoutSummary(summary()));
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
    expect(within(review).getByText('Held for review')).toBeInTheDocument();
    expect(within(review).getByText('Browser report')).toBeInTheDocument();
    expect(within(review).getByText('Browser (publishable key)')).toBeInTheDocument();
  });

  it('filters held rewards by how they were reported, and releases the selected ones', async () => {
    const selfReferral = reviewItem({
      conversion_id: 7,
      conversion_ref: 'order-7',
      status: 'held',
      hold_reasons: ['self_referral'],
      reported_with: 'secret',
    });
    const api = routes({
      [REVIEW]: replies.review([selfReferral]),
      'POST brand/3/review/': replies.reviewed([7]),
    });
    const { user } = await open();
    const review = await screen.findByRole('table', { name: 'Pending conversions' });
    expect(await within(review).findByText('Self-referral')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'held');
    await user.selectOptions(screen.getByLabelText('Reported with'), 'secret');
    await waitFor(() =>
      expect(api.callsTo(REVIEW).at(-1)?.query).toMatchObject({
        status: 'held',
        reported_with: 'secret',
      }),
    );
    await user.click(await within(review).findByRole('checkbox', { name: /order order-7/ }));
    await user.click(screen.getByRole('button', { name: 'Release to hold period' }));
    await waitFor(() =>
      expect(api.bodyOf('POST brand/3/review/')).toEqual({
        action: 'release',
        conversion_ids: [7],
      }),
    );
    expect(await screen.findByText('1 conversion released')).toBeInTheDocument();
  });

  it('saves the fraud settings: publishable keys off, a rule off', async () => {
    const api = routes({
      'PUT brand/3/fraud-settings/': replies.fraudSettings(),
    });
    const { user } = await open();
    const form = await screen.findByRole('form', { name: 'Fraud settings' });
    await user.click(
      within(form).getByLabelText(/Accept conversions reported with the publishable key/),
    );
    await user.click(
      within(form).getByLabelText('Click came from a paid ad; the campaign forbids paid ads'),
    );
    await user.click(within(form).getByRole('button', { name: 'Save fraud settings' }));
    await waitFor(() =>
      expect(api.bodyOf('PUT brand/3/fraud-settings/')).toMatchObject({
        publishable_keys: false,
        attribution_window_days: 90,
        rules: { paid_ads: false, self_referral: true },
      }),
    );
  });

  it('says so when nothing waits and no payout exists', async () => {
    routes({
      [SUMMARY]: replies.payoutSummary(
        summary({ balance: [], advocates: [], next_payout: { totals: [], advocates: 0 } }),
      ),
      [PAYOUTS]: replies.payouts([]),
      [REVIEW]: replies.review([]),
    });
    await open();
    expect(await screen.findByText('No payouts yet.')).toBeInTheDocument();
    expect(await screen.findByText('No conversions waiting for review.')).toBeInTheDocument();
    expect(await screen.findByText('No approved rewards to pay.')).toBeInTheDocument();
  });

  it('shows errors with a retry', async () => {
    let fail = true;
    const api = routes({
      [SUMMARY]: () => (fail ? replies.failure(500, 'boom') : replies.payoutSummary(summary())),
      [PAYOUTS]: replies.failure(500, 'boom'),
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
    fakeApi({ [BRANDS]: replies.brandList([]) });
    await open();
    expect(await screen.findByText('No brands found.')).toBeInTheDocument();
  });

  it('approves the selected conversions, rejects only with a reason, creates payouts and marks one sent', async () => {
    const api = routes({
      'POST brand/3/review/': replies.reviewed([9]),
      'POST brand/3/payouts/': replies.payoutsCreated([payout()], [summary().advocates[1]]),
      'POST payout/5/sent/': replies.payout(payout({ status: 'ongoing' })),
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
    expect(screen.getByText(/Waiting for a payout method: bo \(\$15\.00\)/)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(api.callsTo('POST payout/5/sent/')).toHaveLength(1));
  });

  it('saves the hold period and payout minimum, validated', async () => {
    const api = routes({
      'PUT brand/3/payout-settings/': replies.payoutSettings({ hold_days: 0, payout_minimum: 25 }),
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

  it('a finance member saves payout settings; the fraud settings need an owner or admin, saying why', async () => {
    routes();
    renderBrandApp('/brand/payouts', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: false }],
      }),
    });
    await findHeading('Payouts');
    const payoutForm = await screen.findByRole('form', { name: 'Payout settings' });
    expect(within(payoutForm).getByRole('button', { name: 'Save settings' })).toBeEnabled();
    const fraudForm = await screen.findByRole('form', { name: 'Fraud settings' });
    const save = within(fraudForm).getByRole('button', { name: 'Save fraud settings' });
    expect(save).toBeDisabled();
    expect(save.parentElement).toHaveAttribute(
      'title',
      'This needs the owner or admin role on this brand; yours is finance.',
    );
  });
});
