import { screen, within } from '@testing-library/react';
import { fakeApi, replies } from 'shared-api/testing';
import { makeCampaign } from '../../test/fixtures';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';

const CAMPAIGN = 'GET campaign/11/';
const MY_LINKS = 'GET campaign/11/share-links/';
const MY_GROUP = 'GET campaign/11/my-group/';

const campaign = makeCampaign();

describe("the campaign's reward line", () => {
  it("shows a joined advocate their group's rule, its name and their code's discount", async () => {
    fakeApi({
      [CAMPAIGN]: replies.campaign(campaign),
      [MY_LINKS]: replies.myLinks([{ product_id: 1, url: 'https://app.test/r/Earlier12345' }]),
      [MY_GROUP]: {
        body: {
          group: { id: 2, name: 'Gold' },
          rule: { commission_type: 'percentage', commission_value: 20 },
          rule_from: 'group',
          event_rewards: {},
          reward_rules: [
            {
              conditions: { countries: ['FR'] },
              commission_type: 'percentage',
              commission_value: 25,
            },
          ],
          discount_text: '15% off your first order',
        },
      },
    });
    renderAdvocateApp('/advocate/campaigns/11');
    await findHeading('Spring Launch');
    const about = screen.getByRole('region', { name: 'About this campaign' });
    expect(await within(about).findByText('20% of each sale')).toBeInTheDocument();
    expect(
      within(about).getByText('Your group: Gold · 1 higher or lower reward by condition'),
    ).toBeInTheDocument();
    expect(
      within(about).getByText("Your code's discount: 15% off your first order"),
    ).toBeInTheDocument();
    expect(within(about).queryByText('10% of each sale')).not.toBeInTheDocument();
  });

  it("keeps the campaign's rule, naming the group, when the group has no rule of its own", async () => {
    fakeApi({
      [CAMPAIGN]: replies.campaign(campaign),
      [MY_LINKS]: replies.myLinks([{ product_id: 1, url: 'https://app.test/r/Earlier12345' }]),
      [MY_GROUP]: {
        body: {
          group: { id: 1, name: 'Standard' },
          rule: { commission_type: 'percentage', commission_value: 10 },
          rule_from: 'campaign',
          event_rewards: {},
          reward_rules: [],
          discount_text: null,
        },
      },
    });
    renderAdvocateApp('/advocate/campaigns/11');
    await findHeading('Spring Launch');
    const about = screen.getByRole('region', { name: 'About this campaign' });
    expect(
      await within(about).findByText("Your group: Standard (the campaign's reward)"),
    ).toBeInTheDocument();
    expect(within(about).getByText('10% of each sale')).toBeInTheDocument();
  });
});
