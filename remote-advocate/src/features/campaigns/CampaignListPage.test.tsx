import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, replies } from 'shared-api/testing';
import { makeCampaign } from '../../test/fixtures';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';

const LIST = 'GET campaign/list/';
const STANDING = 'GET advocates/campaign-standing/';
const noStanding = { body: { status: 'success' as const, data: [] } };

describe('Available Campaigns', () => {
  it('lists id, title, brand and description with a View link to the campaign', async () => {
    fakeApi({
      [STANDING]: noStanding,
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

  it('says what each pays, how to join and where the advocate stands; search and filters narrow it', async () => {
    fakeApi({
      [LIST]: replies.campaignList([
        makeCampaign({ id: 11, title: 'Spring Launch', brand: 3, brand_name: 'Acme Coffee' }),
        makeCampaign({
          id: 12,
          campaign_id: 'CMP-BBB222',
          title: 'Tea Club',
          brand: 5,
          brand_name: 'Tea House',
          commission_type: 'flat',
          commission_value: 5,
          join_mode: 'application',
        }),
        makeCampaign({
          id: 13,
          campaign_id: 'CMP-CCC333',
          title: 'Insiders',
          brand: 5,
          brand_name: 'Tea House',
          join_mode: 'invite_only',
          description: 'For our regulars',
        }),
      ]),
      [STANDING]: {
        body: {
          status: 'success',
          data: [
            { campaign_id: 11, joined: true, application: null, banned: false, top_rate: 30 },
            { campaign_id: 12, joined: false, application: 'pending', banned: false, top_rate: null },
            { campaign_id: 13, joined: false, application: null, banned: true, top_rate: null },
          ],
        },
      },
    });
    const app = renderAdvocateApp('/advocate/campaigns/list');
    const cells = async (title: string) => {
      const row = (await screen.findByText(title)).closest('tr') as HTMLElement;
      return within(row)
        .getAllByRole('cell')
        .slice(4, 7)
        .map((cell) => cell.textContent);
    };
    await waitFor(async () =>
      expect(await cells('Spring Launch')).toEqual(['10% of each sale, up to 30%', 'Open', 'Joined']),
    );
    expect(await cells('Tea Club')).toEqual(['$5.00 per sale', 'Apply', 'Applied']);
    expect(await cells('Insiders')).toEqual(['10% of each sale', 'Invite only', 'Not available']);

    const titles = () =>
      within(screen.getByRole('table', { name: 'Available Campaigns' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1].textContent);
    await app.user.selectOptions(screen.getByLabelText('Brand'), 'Tea House');
    expect(titles()).toEqual(['Tea Club', 'Insiders']);
    await app.user.selectOptions(screen.getByLabelText('Reward'), 'flat');
    expect(titles()).toEqual(['Tea Club']);
    await app.user.selectOptions(screen.getByLabelText('Reward'), '');
    await app.user.type(screen.getByLabelText('Search'), 'regulars');
    expect(titles()).toEqual(['Insiders']);
    await app.user.type(screen.getByLabelText('Search'), ' nothing');
    expect(screen.getByText('No campaigns found.')).toBeInTheDocument();
  });

  it("says 'No campaigns found.' when there are none", async () => {
    fakeApi({ [LIST]: replies.campaignList([]), [STANDING]: noStanding });
    renderAdvocateApp('/advocate/campaigns/list');
    expect(await screen.findByText('No campaigns found.')).toBeInTheDocument();
  });

  it("says 'Failed to load campaigns' when the call fails", async () => {
    fakeApi({ [LIST]: replies.failure(500, 'boom'), [STANDING]: noStanding });
    renderAdvocateApp('/advocate/campaigns/list');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load campaigns');
  });
});
