import { screen, within } from '@testing-library/react';
import { fakeApi, replies } from 'shared-api/testing';
import { makeCampaign } from '../../test/fixtures';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';

const LIST = 'GET campaign/list/';

describe('Available Campaigns', () => {
  it('lists id, title, brand and description with a View link to the campaign', async () => {
    fakeApi({
      [LIST]: replies.campaignList([
        makeCampaign(),
        makeCampaign({
          id: 12,
          campaign_id: 'CMP-BBB222',
          title: 'Loyalty',
          brand_name: '',
          brand: 5,
          description: '',
        }),
      ]),
    });
    const app = renderAdvocateApp('/advocate/campaigns/list');
    await findHeading('Available Campaigns');
    const row = (await screen.findByText('Spring Launch')).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual([
      'CMP-7F3K2Q',
      'Spring Launch',
      'Acme Coffee',
      'Tell your friends about our spring roast.',
    ]);
    const other = screen.getByText('Loyalty').closest('tr') as HTMLElement;
    expect(within(other).getByText('Brand #5')).toBeInTheDocument();
    expect(within(other).getByText('-')).toBeInTheDocument();

    await app.user.click(within(row).getByRole('link', { name: 'View Spring Launch' }));
    expect(app.location().pathname).toBe('/advocate/campaigns/11');
  });

  it("says 'No campaigns found.' when there are none", async () => {
    fakeApi({ [LIST]: replies.campaignList([]) });
    renderAdvocateApp('/advocate/campaigns/list');
    expect(await screen.findByText('No campaigns found.')).toBeInTheDocument();
  });

  it("says 'Failed to load campaigns' when the call fails", async () => {
    fakeApi({ [LIST]: replies.failure(500, 'boom') });
    renderAdvocateApp('/advocate/campaigns/list');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load campaigns');
  });
});
