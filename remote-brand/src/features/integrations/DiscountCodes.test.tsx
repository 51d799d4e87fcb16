/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { DiscountCodeView } from 'contract';
import { aCampaignStats, fakeApi, type FakeCall } from 'shared-api/testing';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

jest.mock('react-chartjs-2', () => ({ Bar: () => <canvas role="img" aria-label="chart" /> }));

const CODES = 'GET campaign/11/discount-codes/';
const GIVE = 'PUT campaign/11/discount-codes/';

const stats = aCampaignStats({
  campaign: { id: 11, campaign_id: 'CMP-7F3K2Q', title: 'Spring Launch' },
  advocates: [
    {
      id: 21,
      username: 'ada',
      full_name: 'Ada Obi',
      picture_url: null,
      email: 'ada@example.test',
      joined_at: '2025-03-01T10:00:00Z',
    },
  ],
});

describe("Paddle and Shopify discount codes on a campaign's screen", () => {
  it('gives an advocate a Shopify code, lists it with its billing system, and takes it back', async () => {
    let codes: DiscountCodeView[] = [];
    const reply = () => ({ body: { status: 'success' as const, codes } });
    const api = fakeApi({
      'GET campaign/11/stats/': { body: stats },
      [CODES]: reply,
      [GIVE]: ({ body }: FakeCall) => {
        const sent = body as { provider: 'shopify'; code: string; advocate_id: number };
        codes = [
          {
            provider: sent.provider,
            code: sent.code,
            campaign_id: 11,
            advocate_id: sent.advocate_id,
            advocate: 'ada',
            created_at: '2030-01-01T12:00:00.000Z',
          },
        ];
        return reply();
      },
      // The route map's concrete keys spell path parameters as numbers; these are text.
      ['DELETE campaign/11/discount-codes/shopify/SPRING-ALEX10/' as 'DELETE campaign/11/discount-codes/1/1/']:
        () => {
          codes = [];
          return { body: { status: 'success', message: 'Discount code removed' } };
        },
    });
    const { user } = renderBrandApp('/brand/brands/3/campaigns/11');
    await findHeading('Spring Launch');
    const form = await screen.findByRole('form', { name: 'Give a discount code' });
    expect(screen.getByText('No discount code given yet.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Discount code'), 'SPRING-ALEX10');
    await user.selectOptions(within(form).getByLabelText('Give it to'), 'ada');
    await user.click(within(form).getByRole('button', { name: 'Give discount code' }));
    await waitFor(() =>
      expect(api.bodyOf(GIVE)).toEqual({
        provider: 'shopify',
        code: 'SPRING-ALEX10',
        advocate_id: 21,
      }),
    );
    const list = await screen.findByRole('list', { name: 'Discount codes' });
    expect(within(list).getByText('SPRING-ALEX10')).toBeInTheDocument();
    expect(within(list).getByText(/Shopify · ada/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove SPRING-ALEX10' }));
    expect(await screen.findByText('No discount code given yet.')).toBeInTheDocument();
  });

  it('an empty code or no advocate is refused before anything is sent', async () => {
    const api = fakeApi({
      'GET campaign/11/stats/': { body: stats },
      [CODES]: { body: { status: 'success', codes: [] } },
    });
    const { user } = renderBrandApp('/brand/brands/3/campaigns/11');
    const form = await screen.findByRole('form', { name: 'Give a discount code' });
    await user.click(within(form).getByRole('button', { name: 'Give discount code' }));
    expect(await within(form).findByText('Enter the code')).toBeInTheDocument();
    expect(within(form).getByText('Choose who gets the code')).toBeInTheDocument();
    expect(api.callsTo(GIVE)).toHaveLength(0);
  });
});
