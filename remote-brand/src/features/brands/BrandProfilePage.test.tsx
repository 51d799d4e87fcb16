/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, within } from '@testing-library/react';
import { fakeApi, heldReply, replies } from 'shared-api/testing';
import { makeBusyStats, makeStats, statsReply } from 'shared-ui/test-utils';
import { makeBrand, makeCampaign, makeProduct } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

jest.mock('react-chartjs-2', () => jest.requireActual('shared-ui/test-utils').chartStubs);

const BRAND = 'GET brand/3/';
const STATS = 'GET brand/stats/3/';
const brandReply = replies.brand(
  makeBrand({ brand_type: 'product', created_at: '2025-03-01T09:00:00Z' }),
);
const lists = {
  'GET brand/3/campaigns/': replies.brandCampaigns([makeCampaign(), makeCampaign({ id: 12 })]),
  'GET brand/3/products/': replies.productList([makeProduct()], 7),
};
const insights = () => screen.getByRole('region', { name: 'Brand Insights' });

async function openProfile() {
  const app = renderBrandApp('/brand/brands/3');
  await findHeading(/Acme Coffee/);
  return app;
}

describe('brand profile: counts and Brand Insights', () => {
  it('shows the real counts, company type and joined date', async () => {
    const api = fakeApi({ [BRAND]: brandReply, ...lists, [STATS]: statsReply(makeBusyStats()) });
    await openProfile();
    const count = (label: string) => screen.getByText(label).previousElementSibling?.textContent;
    expect(await screen.findByText('Company type')).toBeInTheDocument();
    await within(insights()).findByText('Unique visitors');
    expect(count('Campaigns')).toBe('2');
    expect(count('Products')).toBe('7');
    expect(count('Advocates')).toBe('2');
    expect(screen.getByText('Product')).toBeInTheDocument();
    expect(screen.getByText('Mar 1, 2025')).toBeInTheDocument();
    expect(api.callsTo('GET brand/3/products/')[0].query).toMatchObject({ limit: '1' });
  });

  it('draws visitors, conversions, the revenue trend and both doughnuts', async () => {
    const api = fakeApi({ [BRAND]: brandReply, ...lists, [STATS]: statsReply(makeBusyStats()) });
    await openProfile();
    const panel = within(insights());
    expect(await panel.findByText('120')).toBeInTheDocument();
    expect(panel.getByText('Conversions').nextElementSibling).toHaveTextContent('7');
    expect(panel.getByText('Conversion rate').nextElementSibling).toHaveTextContent('5%');
    expect(panel.getByRole('img', { name: 'Revenue trend' })).toBeInTheDocument();
    expect(
      panel.getByRole('img', {
        name: 'Performance by source: Direct 80, Social 50, Email 10, Others 0',
      }),
    ).toBeInTheDocument();
    expect(
      panel.getByRole('img', {
        name: 'Engagement: Clicks 140, Impressions 180, Reach 120, Leads 1',
      }),
    ).toBeInTheDocument();
    expect(api.callsTo(STATS)[0].query).toMatchObject({ days: '30', timeseries: '1' });
  });

  it('says Loading analytics... while the figures load', async () => {
    const held = heldReply(statsReply(makeBusyStats()));
    fakeApi({ [BRAND]: brandReply, ...lists, [STATS]: held.route });
    await openProfile();
    expect(within(insights()).getByText('Loading analytics...')).toBeInTheDocument();
    expect(screen.getByText('Advocates').previousElementSibling).toHaveTextContent('…');
    held.release();
    expect(await within(insights()).findByText('Unique visitors')).toBeInTheDocument();
  });

  it('says so when nothing happened yet', async () => {
    fakeApi({ [BRAND]: brandReply, ...lists, [STATS]: statsReply(makeStats()) });
    await openProfile();
    const panel = within(insights());
    expect(await panel.findByText('No revenue data')).toBeInTheDocument();
    expect(panel.getByText('No visits yet')).toBeInTheDocument();
    expect(panel.getByText('No engagement yet')).toBeInTheDocument();
  });

  it('says Failed to load stats when the figures fail', async () => {
    fakeApi({ [BRAND]: brandReply, ...lists, [STATS]: replies.failure(500, 'boom') });
    await openProfile();
    expect(await within(insights()).findByText('Failed to load stats')).toBeInTheDocument();
    expect(screen.getByText('Advocates').previousElementSibling).toHaveTextContent('—');
  });
});
