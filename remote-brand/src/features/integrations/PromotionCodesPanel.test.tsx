/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { PromotionCodeView } from 'contract';
import { aCampaignStats, fakeApi, type FakeCall } from 'shared-api/testing';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

jest.mock('react-chartjs-2', () => ({ Bar: () => <canvas role="img" aria-label="chart" /> }));

const CODES = 'GET campaign/11/promotion-codes/';
const ASSIGN = 'PUT campaign/11/promotion-codes/';

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

describe("Stripe promotion codes on a campaign's screen", () => {
  it('gives an advocate of the campaign a promotion code, lists it, and takes it back', async () => {
    let codes: PromotionCodeView[] = [];
    const reply = () => ({ body: { status: 'success' as const, codes } });
    const api = fakeApi({
      'GET campaign/11/stats/': { body: stats },
      [CODES]: reply,
      [ASSIGN]: ({ body }: FakeCall) => {
        const sent = body as { code: string; advocate_id: number };
        codes = [
          {
            code: sent.code,
            campaign_id: 11,
            advocate_id: sent.advocate_id,
            advocate: 'ada',
            created_at: '2030-01-01T12:00:00.000Z',
          },
        ];
        return reply();
      },
      // The route map's concrete keys spell path parameters as numbers; a code is text.
      ['DELETE campaign/11/promotion-codes/promo_ADA10/' as 'DELETE campaign/11/promotion-codes/1/']:
        () => {
          codes = [];
          return { body: { status: 'success', message: 'Promotion code removed' } };
        },
    });
    const { user } = renderBrandApp('/brand/brands/3/campaigns/11');
    await findHeading('Spring Launch');
    const form = await screen.findByRole('form', { name: 'Assign a promotion code' });
    await user.type(within(form).getByLabelText('Promotion code'), 'promo_ADA10');
    await user.selectOptions(within(form).getByLabelText('Advocate'), 'ada');
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(api.bodyOf(ASSIGN)).toEqual({ code: 'promo_ADA10', advocate_id: 21 }),
    );
    const list = await screen.findByRole('list', { name: 'Promotion codes' });
    expect(within(list).getByText('promo_ADA10')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove promo_ADA10' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Promotion codes' })).toBeNull());
  });
});
