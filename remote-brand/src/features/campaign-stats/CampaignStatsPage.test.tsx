/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, within } from '@testing-library/react';
import { aCampaignStats, fakeApi, replies } from 'shared-api/testing';
import { makeCampaign } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

// jsdom has no canvas: a stand-in that keeps the figures each chart was given.
jest.mock('react-chartjs-2', () => ({
  Bar: (props: { data: { datasets: Array<{ data: number[] }> }; 'aria-label': string }) => (
    <canvas
      role="img"
      aria-label={props['aria-label']}
      data-values={props.data.datasets[0].data.join(',')}
    />
  ),
}));

const STATS = 'GET campaign/11/stats/';

const stats = aCampaignStats({
  joins: 2,
  clicks: 5,
  conversions: 0,
  visitors: 3,
  campaign: { id: 11, campaign_id: 'CMP-7F3K2Q', title: 'Spring Launch' },
  products: [
    { id: 1, name: 'House Blend', product_url: 'https://acme.example/house' },
    { id: 2, name: 'Decaf', product_url: null },
  ],
  advocates: [
    {
      id: 21,
      username: 'ada',
      full_name: 'Ada Obi',
      picture_url: '/api/v1/files/ada.png?exp=1&sig=x',
      email: 'ada@example.test',
      joined_at: '2025-03-01T10:00:00Z',
    },
    {
      id: 22,
      username: 'bo',
      full_name: 'bo',
      picture_url: null,
      email: 'bo@example.test',
      joined_at: '2025-04-22T10:00:00Z',
    },
  ],
});

const tile = (name: string) => screen.getByRole('region', { name });

describe('campaign stats', () => {
  it('shows title and id, and four tiles as plain figures saying what they count', async () => {
    fakeApi({ [STATS]: replies.campaignStats(stats) });
    renderBrandApp('/brand/brands/3/campaigns/11');
    await findHeading('Spring Launch');
    expect(screen.getByText('Campaign ID CMP-7F3K2Q')).toBeInTheDocument();

    expect(within(tile('Joins')).getByText('2')).toBeInTheDocument();
    expect(within(tile('Joins')).getByText('advocates who joined')).toBeInTheDocument();
    // Counts sent as strings are numbers on screen.
    expect(within(tile('Clicks')).getByText('5')).toBeInTheDocument();
    expect(within(tile('Visitors')).getByText('3')).toBeInTheDocument();
    expect(within(tile('Conversions')).getByText('No data')).toBeInTheDocument();
    // A single bar means nothing: no chart in any tile.
    for (const name of ['Joins', 'Clicks', 'Conversions', 'Visitors'])
      expect(within(tile(name)).queryByRole('img')).not.toBeInTheDocument();
  });

  it('lists products with Open product or No link available', async () => {
    fakeApi({ [STATS]: replies.campaignStats(stats) });
    renderBrandApp('/brand/brands/3/campaigns/11');
    await findHeading('Spring Launch');
    const products = within(tile('Products')).getAllByRole('listitem');
    expect(
      within(products[0]).getByRole('link', { name: 'Open product House Blend' }),
    ).toHaveAttribute('href', 'https://acme.example/house');
    expect(products[1]).toHaveTextContent('DecafNo link available');
  });

  it("lists advocates by username with their profile's picture and name, joined as 'Mar 1, 2025'", async () => {
    fakeApi({ [STATS]: replies.campaignStats(stats) });
    renderBrandApp('/brand/brands/3/campaigns/11');
    await findHeading('Spring Launch');
    const rows = within(tile('Advocates')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      // The initial stands in for a missing picture; a name equal to the username is not repeated;
      // no promotion code given yet.
      ['adaAda Obi', 'ada@example.test', 'Mar 1, 2025', '—'],
      ['Bbo', 'bo@example.test', 'Apr 22, 2025', '—'],
    ]);
    expect(rows[0].querySelector('img')).toHaveAttribute(
      'src',
      '/api/v1/files/ada.png?exp=1&sig=x',
    );
  });

  it('says so when nothing is attached or joined yet, and every tile reads No data', async () => {
    fakeApi({
      [STATS]: replies.campaignStats(
        aCampaignStats({ campaign: { id: 11, campaign_id: 'CMP-QU1ET0', title: 'Quiet' } }),
      ),
    });
    renderBrandApp('/brand/brands/3/campaigns/11');
    await findHeading('Quiet');
    expect(screen.getAllByText('No data')).toHaveLength(4);
    expect(screen.getByText('No products attached to this campaign.')).toBeInTheDocument();
    expect(screen.getByText('No advocates have joined this campaign yet.')).toBeInTheDocument();
  });

  it("reports 'Missing campaign id' without calling the server", async () => {
    const api = fakeApi({});
    renderBrandApp('/brand/brands/3/campaigns/abc');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Missing campaign id',
    );
    expect(api.calls).toHaveLength(0);
  });

  it("reports 'Failed to load campaign stats' and retries", async () => {
    let fail = true;
    fakeApi({ [STATS]: () => (fail ? replies.bodiless(500) : replies.campaignStats(stats)) });
    const app = renderBrandApp('/brand/brands/3/campaigns/11');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Failed to load campaign stats');
    fail = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await findHeading('Spring Launch');
  });

  it('goes back to the brand campaigns list when opened directly', async () => {
    fakeApi({ [STATS]: replies.campaignStats(stats) });
    const app = renderBrandApp('/brand/brands/3/campaigns/11');
    await findHeading('Spring Launch');
    await app.user.click(screen.getByRole('link', { name: '← Back to Campaigns' }));
    expect(app.location().pathname).toBe('/brand/brands/3/campaigns');
  });

  it('goes back through history when the user came from the list', async () => {
    fakeApi({
      'GET brand/3/campaigns/': replies.brandCampaigns([
        makeCampaign({ id: 11, title: 'Spring Launch', campaign_id: 'CMP-1' }),
      ]),
      [STATS]: replies.campaignStats(stats),
    });
    const app = renderBrandApp('/brand/brands/3/campaigns');
    await findHeading('Campaigns');
    await app.user.click(await screen.findByRole('link', { name: 'View Spring Launch' }));
    await findHeading('Spring Launch');
    await app.user.click(screen.getByRole('link', { name: '← Back to Campaigns' }));
    await findHeading('Campaigns');
    // A step back to the first entry (key 'default'); a push would have made a new key.
    expect(app.location().key).toBe('default');
    expect(app.location().pathname).toBe('/brand/brands/3/campaigns');
  });
});
