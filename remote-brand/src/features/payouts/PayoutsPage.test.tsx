/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import {
  aPayout,
  aPayoutSummary,
  aRefusedReport,
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
const REVIEW_SUMMARY = 'GET brand/3/review/summary/';
const REFUSED = 'GET brand/3/review/refused/';

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
    [REVIEW_SUMMARY]: replies.reviewSummary(),
    [REFUSED]: replies.refusedReports([]),
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
      'POST brand/3/payouts/preview/': replies.payoutPreview(),
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
    // A preview first: nothing is paid until Confirm.
    const preview = await screen.findByRole('dialog', { name: 'Create payouts' });
    expect(api.callsTo('POST brand/3/payouts/')).toHaveLength(0);
    const toCreate = within(preview).getByRole('table', { name: 'Payouts to create' });
    expect(within(toCreate).getByText('PayPal: ada@pay.example')).toBeInTheDocument();
    expect(within(toCreate).getByText('€12.00')).toBeInTheDocument();
    const notPaid = within(preview).getByRole('table', { name: 'Not paid this time' });
    expect(within(notPaid).getByText('No payout method')).toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'Confirm 1 payout' }));
    await waitFor(() =>
      expect(api.bodyOf('POST brand/3/payouts/')).toEqual({ preview_id: 'pvw_1' }),
    );
    expect(await screen.findByText('1 payout created')).toBeInTheDocument();
    expect(screen.getByText(/Waiting for a payout method: bo \(\$15\.00\)/)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(api.callsTo('POST payout/5/sent/')).toHaveLength(1));
  });

  it('approves one row on the spot, without ticking it', async () => {
    const api = routes({ 'POST brand/3/review/': replies.reviewed([9]) });
    const { user } = await open();
    const review = await screen.findByRole('table', { name: 'Pending conversions' });
    const row = (await within(review).findByText('order-9')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.bodyOf('POST brand/3/review/')).toEqual({
        action: 'approve',
        conversion_ids: [9],
      }),
    );
    expect(await screen.findByText('Commission approved')).toBeInTheDocument();
  });

  it("opens one commission's timeline, rejects it with a reason, and reopens a rejected one", async () => {
    const held = reviewItem();
    const rejected = reviewItem({
      conversion_id: 8,
      conversion_ref: 'order-8',
      status: 'rejected',
      conversion_status: 'rejected',
      rejection_reason: 'Order cancelled',
    });
    const timeline = [
      {
        at: '2030-01-01T11:00:00.000Z',
        kind: 'click' as const,
        title: "Click on the advocate's link (social, mobile)",
        detail: 'From instagram.com',
        actor: null,
      },
      {
        at: '2030-01-01T12:00:00.000Z',
        kind: 'fraud_rule' as const,
        title: 'publishable_key',
        detail: 'Reported by a shop page with the brand’s publishable key',
        actor: null,
      },
    ];
    const api = routes({
      [REVIEW]: (call) => replies.review(call.query.status === 'rejected' ? [rejected] : [held]),
      'GET brand/3/review/9/': replies.reviewDetail({ ...held, reopenable: false, timeline }),
      'GET brand/3/review/8/': replies.reviewDetail({
        ...rejected,
        reopenable: true,
        timeline: [
          ...timeline,
          {
            at: '2030-01-02T09:00:00.000Z',
            kind: 'decision' as const,
            title: 'Rejected',
            detail: 'Order cancelled',
            actor: 'owner1',
          },
        ],
      }),
      'POST brand/3/review/': replies.reviewed([9]),
      'POST brand/3/review/8/reopen/': {
        body: {
          status: 'success',
          conversion: { ...rejected, status: 'held', reopenable: false, timeline },
        },
      },
    });
    const { user } = await open();
    const review = await screen.findByRole('table', { name: 'Pending conversions' });
    const row = (await within(review).findByText('order-9')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Review' }));
    const drawer = await screen.findByRole('dialog', { name: 'Commission' });
    const steps = within(drawer).getByRole('region', { name: 'Timeline' });
    expect(await within(steps).findByText('From instagram.com')).toBeInTheDocument();
    expect(
      within(steps).getByText('Reported from a browser (publishable key)'),
    ).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('A reason is required to reject')).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('Reason'), 'Test order');
    await user.click(within(drawer).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(api.bodyOf('POST brand/3/review/')).toEqual({
        action: 'reject',
        conversion_ids: [9],
        reason: 'Test order',
      }),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    // Rejected ones stay visible, with their reason and history, and can be reopened.
    await user.selectOptions(screen.getByLabelText('Status'), 'rejected');
    const rejectedRow = (await within(review).findByText('order-8')).closest('tr') as HTMLElement;
    expect(within(rejectedRow).getByText('Order cancelled')).toBeInTheDocument();
    await user.click(within(rejectedRow).getByRole('button', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: 'Commission' });
    expect(await within(history).findByText(/by owner1/)).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(api.callsTo('POST brand/3/review/8/reopen/')).toHaveLength(1));
    expect(await screen.findByText('Commission reopened for review')).toBeInTheDocument();
  });

  it('shows a partly refunded sale net of its refunds, the refunded part on the row and in the drawer', async () => {
    const refunded = reviewItem({
      value: 75,
      refunded_value: 25,
      reward_amount: 7.5,
      refunded_reward: 2.5,
      status: 'pending',
      needs_review: false,
      hold_reasons: [],
    });
    routes({
      [REVIEW]: replies.review([refunded]),
      'GET brand/3/review/9/': replies.reviewDetail({
        ...refunded,
        reopenable: false,
        timeline: [],
      }),
    });
    const { user } = await open();
    const review = await screen.findByRole('table', { name: 'Pending conversions' });
    const row = (await within(review).findByText('order-9')).closest('tr') as HTMLElement;
    const cells = within(row).getAllByRole('cell');
    expect(cells.find((c) => c.textContent?.startsWith('$75.00'))).toHaveTextContent(
      '$75.00refunded $25.00',
    );
    expect(cells.find((c) => c.textContent?.startsWith('$7.50'))).toHaveTextContent(
      '$7.50refunded $2.50',
    );
    expect(within(row).queryByText('$100.00')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Review' }));
    const drawer = await screen.findByRole('dialog', { name: 'Commission' });
    const sale = (await within(drawer).findByText('Sale')).nextElementSibling;
    expect(sale).toHaveTextContent('$75.00refunded $25.00');
    expect(within(drawer).getByText('Reward').nextElementSibling).toHaveTextContent(
      '$7.50refunded $2.50',
    );
  });

  it('names an open dispute as the reason a reward is held', async () => {
    routes({ [REVIEW]: replies.review([reviewItem({ hold_reasons: ['dispute'] })]) });
    await open();
    const review = await screen.findByRole('table', { name: 'Pending conversions' });
    const reasons = await within(review).findByRole('list', { name: 'Why it is held' });
    const reason = within(reasons).getByText('Open dispute');
    expect(reason).toHaveAttribute(
      'title',
      'The customer disputed the payment; held until the dispute is closed',
    );
    expect(within(reasons).queryByText('dispute')).toBeNull();
  });

  it('says how many sales wait for review and which browser reports were refused this week', async () => {
    routes({
      [REVIEW_SUMMARY]: replies.reviewSummary({
        held: 2,
        pending: 1,
        refused_this_week: { total: 3, by_reason: [{ reason: 'over_price_cap', count: 3 }] },
      }),
      [REFUSED]: replies.refusedReports([aRefusedReport()]),
    });
    await open();
    expect(await screen.findByText('2 sales waiting for review')).toBeInTheDocument();
    expect(
      screen.getByText('3 browser reports refused this week: over the price cap'),
    ).toBeInTheDocument();
    const refused = await screen.findByRole('table', { name: 'Refused browser reports' });
    expect(within(refused).getByText('order-99')).toBeInTheDocument();
    expect(within(refused).getByText('$120.00')).toBeInTheDocument();
  });

  it('says Nothing due rather than $0.00 when no currency is due', async () => {
    routes({
      [SUMMARY]: replies.payoutSummary(summary({ next_payout: { totals: [], advocates: 0 } })),
    });
    await open();
    const card = await screen.findByRole('region', { name: 'Next payout' });
    expect(await within(card).findByText('Nothing due')).toBeInTheDocument();
    expect(within(card).queryByText('$0.00')).not.toBeInTheDocument();
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
