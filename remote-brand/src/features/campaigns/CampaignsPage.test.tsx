/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, within } from '@testing-library/react';
import { fakeApi, replies } from 'shared-api/testing';
import { makeCampaign, makeUser } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';
import { formatRewardRule } from './rewardRule';

const LIST = 'GET brand/3/campaigns/';

async function openList() {
  const app = renderBrandApp('/brand/brands/3/campaigns');
  await findHeading('Campaigns');
  return app;
}

describe('Campaigns list', () => {
  it('shows id, title, description, advocates and the reward rule, with View and Edit links', async () => {
    fakeApi({
      [LIST]: replies.brandCampaigns([
        makeCampaign({
          id: 11,
          campaign_id: 'CMP-AAA111',
          title: 'Spring Launch',
          commission_type: 'percentage',
          commission_value: 10,
        }),
        makeCampaign({
          id: 12,
          campaign_id: 'CMP-BBB222',
          title: 'Loyalty',
          commission_type: 'flat',
          commission_value: 5,
        }),
      ]),
    });
    await openList();
    const row = (await screen.findByText('Spring Launch')).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'CMP-AAA111',
      'Spring Launch',
      'Tell your friends about our spring roast.',
      '-',
      '10%',
    ]);
    expect(within(row).getByRole('link', { name: 'View Spring Launch' })).toHaveAttribute(
      'href',
      '/brand/brands/3/campaigns/11',
    );
    expect(within(row).getByRole('link', { name: 'Edit Spring Launch' })).toHaveAttribute(
      'href',
      '/brand/brands/3/campaigns/11/edit',
    );
    expect(screen.getByText('$5.00 flat')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Campaign' })).toHaveAttribute(
      'href',
      '/brand/brands/3/campaigns/create',
    );
  });

  it('searches by title or campaign id, ignoring case', async () => {
    fakeApi({
      [LIST]: replies.brandCampaigns([
        makeCampaign({ id: 11, campaign_id: 'CMP-AAA111', title: 'Spring Launch' }),
        makeCampaign({ id: 12, campaign_id: 'CMP-BBB222', title: 'Loyalty' }),
      ]),
    });
    const { user } = await openList();
    await screen.findByText('Loyalty');
    const search = screen.getByRole('searchbox', { name: 'Search campaigns' });
    await user.type(search, 'bbb2');
    expect(screen.queryByText('Spring Launch')).not.toBeInTheDocument();
    expect(screen.getByText('Loyalty')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'SPRING');
    expect(screen.getByText('Spring Launch')).toBeInTheDocument();
    expect(screen.queryByText('Loyalty')).not.toBeInTheDocument();
    await user.type(search, 'x');
    expect(screen.getByText('No campaigns found.')).toBeInTheDocument();
  });

  it("says 'Failed to fetch campaigns' when the list cannot be read", async () => {
    fakeApi({ [LIST]: replies.failure(404, 'Not found') });
    await openList();
    expect(await screen.findByText('Failed to fetch campaigns')).toBeInTheDocument();
  });
});

describe('formatRewardRule', () => {
  it.each([
    [{ commission_type: 'percentage' as const, commission_value: 12.5 }, '12.5%'],
    [{ commission_type: 'flat' as const, commission_value: 5 }, '$5.00 flat'],
  ])('%j → %s', (campaign, expected) => {
    expect(formatRewardRule(campaign)).toBe(expected);
  });

  it('a finance member sees the campaigns but Create Campaign is disabled, saying why', async () => {
    fakeApi({ [LIST]: replies.brandCampaigns([makeCampaign()]) });
    renderBrandApp('/brand/brands/3/campaigns', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: false }],
      }),
    });
    await findHeading('Campaigns');
    const why = 'This needs the owner or admin role on this brand; yours is finance.';
    const create = screen.getByRole('button', { name: 'Create Campaign' });
    expect(create).toBeDisabled();
    expect(create.parentElement).toHaveAttribute('title', why);
    // Each row keeps View; Edit, which the role may not use, is not offered.
    expect(await screen.findAllByRole('link', { name: /^View / })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
  });
});
