/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdvocateRemovalView } from 'contract';
import { fakeApi, heldReply, replies } from 'shared-api/testing';
import { renderBrandApp } from '../../test/renderBrandApp';
import { advocatesReply, makeAdvocate } from './advocates.fixtures';
import { pickProfile } from './advocatesApi';

const CALL = 'GET brands/advocates/';

const ada = makeAdvocate({
  totals: {
    currency: 'USD',
    clicks: 40,
    conversions: 5,
    gross_revenue: 1234.5,
    net_revenue: 1111.05,
    rewards: 123.45,
    rewards_paid: 100,
    by_currency: [
      {
        currency: 'USD',
        conversions: 4,
        total_revenue: 1234.5,
        rewards: 123.45,
        net_revenue: 1111.05,
      },
      { currency: 'EUR', conversions: 1, total_revenue: 80, rewards: 8, net_revenue: 72 },
    ],
  },
  brands: [
    { brand_id: 3, brand_name: 'Acme Coffee', gross_revenue: 1000, conversions: 3 },
    { brand_id: 4, brand_name: 'Acme Tea', gross_revenue: 234.5, conversions: 2 },
  ],
  campaigns: [
    {
      campaign_id: 11,
      campaign_name: 'Spring Launch',
      brand_id: 3,
      joined_at: '2026-03-01T09:00:00.000Z',
    },
    {
      campaign_id: 21,
      campaign_name: 'Tea Time',
      brand_id: 4,
      joined_at: '2026-03-02T09:00:00.000Z',
    },
  ],
});

const findName = () =>
  screen.findByRole('heading', { level: 1, name: 'Ada Obi' }, { timeout: 10_000 });

describe('Advocate profile', () => {
  it('shows a spinner while the profile loads', async () => {
    const held = heldReply(advocatesReply([ada]));
    fakeApi({ [CALL]: held.route });
    renderBrandApp('/brand/advocates/42');
    expect(
      await screen.findByRole('status', { name: 'Loading advocate profile' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    held.release();
    expect(await findName()).toBeInTheDocument();
  });

  it('says so when the profile cannot be loaded', async () => {
    fakeApi({ [CALL]: replies.failure(500, 'boom') });
    renderBrandApp('/brand/advocates/42');
    expect(
      await screen.findByText('Failed to load advocate profile', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Advocates' })).toHaveAttribute(
      'href',
      '/brand/advocates',
    );
  });

  it('says there is no data for an advocate who is not one of the brand’s', async () => {
    fakeApi({ [CALL]: advocatesReply([]) });
    renderBrandApp('/brand/advocates/42');
    expect(
      await screen.findByText('No data available', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('says there is no data when the server does not know the advocate', async () => {
    fakeApi({ [CALL]: replies.failure(404, 'Advocate not found') });
    renderBrandApp('/brand/advocates/42');
    expect(
      await screen.findByText('No data available', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to load advocate profile')).not.toBeInTheDocument();
  });

  it('shows name, email, AID, totals, a card per brand and the campaigns', async () => {
    const api = fakeApi({ [CALL]: advocatesReply([ada]) });
    renderBrandApp('/brand/advocates/42');
    await findName();
    expect(api.callsTo(CALL)[0].query).toEqual({ advocate_id: '42' });
    expect(screen.getByText('ada@example.test')).toBeInTheDocument();
    expect(screen.getByText('AID000042')).toBeInTheDocument();

    const stat = (title: string) => screen.getByRole('region', { name: title });
    expect(within(stat('Gross revenue')).getByText('$1,234.50')).toBeInTheDocument();
    // Euros are listed beside the dollar figure, never added to it.
    expect(within(stat('Gross revenue')).getByText('Also €80.00')).toBeInTheDocument();
    expect(within(stat('Net revenue')).getByText('$1,111.05')).toBeInTheDocument();
    expect(within(stat('Total paid')).getByText('$100.00')).toBeInTheDocument();
    expect(within(stat('Total conversions')).getByText('5')).toBeInTheDocument();

    const tea = screen.getByRole('article', { name: 'Acme Tea' });
    expect(within(tea).getByText('$234.50')).toBeInTheDocument();
    expect(within(tea).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Acme Coffee' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Open campaign Tea Time' })).toHaveAttribute(
      'href',
      '/brand/brands/4/campaigns/21',
    );
    expect(screen.getByRole('button', { name: 'Remove Affiliate' })).toBeEnabled();
  });

  it('narrows the profile to the brand in the URL', async () => {
    const api = fakeApi({ [CALL]: advocatesReply([ada]) });
    renderBrandApp('/brand/advocates/42?brand_id=3');
    await findName();
    expect(api.callsTo(CALL)[0].query).toEqual({ advocate_id: '42', brand_id: '3' });
    expect(screen.getByRole('link', { name: '← Back to Advocates' })).toHaveAttribute(
      'href',
      '/brand/advocates?brand_id=3',
    );
  });
});

const REMOVED = 'GET brand/3/advocates/removed/';
const removal: AdvocateRemovalView = {
  brand_id: 3,
  advocate: { id: 42, name: 'Ada Obi', email: 'ada@example.test' },
  status: 'banned',
  reason: 'Fake orders',
  pending: 'reject',
  campaigns: [{ campaign_id: 11, title: 'Spring Launch' }],
  removed_by: 'Olu Owner',
  removed_at: '2026-04-02T10:00:00.000Z',
};

describe('Remove Affiliate', () => {
  it('asks which brand, remove or ban, why and what of pending commissions, then removes', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [CALL]: advocatesReply([ada]),
      'POST brand/3/advocates/42/ban/': { body: { status: 'success', removal, rejected_rewards: 2 } },
      [REMOVED]: { body: { status: 'success', data: [removal] } },
    });
    renderBrandApp('/brand/advocates/42');
    await findName();
    await user.click(screen.getByRole('button', { name: 'Remove Affiliate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ada Obi?' });
    // Two brands on this profile: the brand is asked for, and the reason is required.
    await user.click(within(dialog).getByRole('button', { name: 'Remove advocate' }));
    expect(
      await within(dialog).findByText('Pick the brand to remove them from'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Say why (the advocate is told)')).toBeInTheDocument();
    expect(api.callsTo('POST brand/3/advocates/42/remove/')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Brand'), 'Acme Coffee');
    await user.selectOptions(within(dialog).getByLabelText('What happens'), 'ban');
    await user.type(within(dialog).getByLabelText('Reason'), 'Fake orders');
    await user.selectOptions(within(dialog).getByLabelText('Pending commissions'), 'reject');
    await user.click(within(dialog).getByRole('button', { name: 'Ban advocate' }));
    await waitFor(() =>
      expect(api.bodyOf('POST brand/3/advocates/42/ban/')).toEqual({
        reason: 'Fake orders',
        pending: 'reject',
      }),
    );
    // The profile narrowed to that brand says so, with Restore.
    const notice = await screen.findByRole('region', { name: 'Banned' }, { timeout: 10_000 });
    expect(within(notice).getByText(/Fake orders/)).toBeInTheDocument();
    expect(within(notice).getByText(/pending commissions rejected; left 1 campaign/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a removed advocate’s removal and restores them', async () => {
    const user = userEvent.setup();
    let removed = [removal];
    const api = fakeApi({
      [CALL]: replies.failure(404, 'Advocate not found'),
      [REMOVED]: () => ({ body: { status: 'success', data: removed } }),
      'POST brand/3/advocates/42/restore/': () => {
        removed = [];
        return { body: { status: 'success', advocate_id: 42, campaigns: 1 } };
      },
    });
    renderBrandApp('/brand/advocates/42?brand_id=3');
    const notice = await screen.findByRole('region', { name: 'Banned' }, { timeout: 10_000 });
    expect(within(notice).getByText(/by Olu Owner: Fake orders/)).toBeInTheDocument();
    expect(within(notice).getByText(/They may not join again or apply/)).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.callsTo('POST brand/3/advocates/42/restore/')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Banned' })).not.toBeInTheDocument());
  });
});

describe('pickProfile', () => {
  it('finds the advocate in a list envelope, a bare array or a single record', () => {
    const bo = makeAdvocate({ id: 7, name: 'Bo' });
    expect(pickProfile({ data: [bo, ada] }, 42)).toBe(ada);
    expect(pickProfile([bo, ada], 7)).toBe(bo);
    expect(pickProfile({ data: ada }, 42)).toBe(ada);
    expect(pickProfile(ada, 42)).toBe(ada);
    expect(pickProfile({ data: [bo] }, 42)).toBeNull();
    expect(pickProfile(null, 42)).toBeNull();
  });
});
