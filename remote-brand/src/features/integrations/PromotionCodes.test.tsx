/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { PromotionCodeView } from 'contract';
import { aCampaignStats, fakeApi, type FakeCall } from 'shared-api/testing';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';
import { makePromotionCode, makeStripePromotionCode } from './stripe.fixtures';

jest.mock('react-chartjs-2', () => ({ Bar: () => <canvas role="img" aria-label="chart" /> }));

const CODES = 'GET campaign/11/promotion-codes/';
const ASSIGN = 'PUT campaign/11/promotion-codes/';
const STRIPE_CODES = 'GET brand/3/integrations/stripe/promotion-codes/';

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

describe("Promotion codes on the campaign's advocates", () => {
  it("gives an advocate a code picked from the Stripe account's codes by what customers type, shows it on their row, and takes it back", async () => {
    let codes: PromotionCodeView[] = [];
    const reply = () => ({ body: { status: 'success' as const, codes } });
    const api = fakeApi({
      'GET campaign/11/stats/': { body: stats },
      [CODES]: reply,
      [STRIPE_CODES]: {
        body: {
          status: 'success',
          codes: [
            makeStripePromotionCode(),
            makeStripePromotionCode({ id: 'promo_2', code: 'BEN5' }),
          ],
        },
      },
      [ASSIGN]: ({ body }: FakeCall) => {
        const sent = body as { code: string; advocate_id: number };
        codes = [
          makePromotionCode({ code: sent.code, campaign_id: 11, advocate_id: 21, advocate: 'ada' }),
        ];
        return reply();
      },
      // The route map's concrete keys spell path parameters as numbers; a code is text.
      ['DELETE campaign/11/promotion-codes/SPRING-ALEX10/' as 'DELETE campaign/11/promotion-codes/1/']:
        () => {
          codes = [];
          return { body: { status: 'success', message: 'Promotion code removed' } };
        },
    });
    const { user } = renderBrandApp('/brand/brands/3/campaigns/11');
    await findHeading('Spring Launch');
    const advocates = screen.getByRole('table', { name: 'Advocates who joined' });
    const form = await screen.findByRole('form', { name: 'Give a promotion code' });
    const code = within(form).getByLabelText('Promotion code');
    await waitFor(() =>
      expect(within(code).getByRole('option', { name: 'SPRING-ALEX10' })).toBeInTheDocument(),
    );
    // Codes as customers type them, never promo_… ids.
    expect(within(code).queryByRole('option', { name: /promo_/ })).toBeNull();
    await user.selectOptions(code, 'SPRING-ALEX10');
    await user.selectOptions(within(form).getByLabelText('Advocate'), 'ada');
    await user.click(within(form).getByRole('button', { name: 'Give code' }));
    await waitFor(() =>
      expect(api.bodyOf(ASSIGN)).toEqual({ code: 'SPRING-ALEX10', advocate_id: 21 }),
    );
    const row = within(advocates).getByRole('row', { name: /ada/ });
    const list = await within(row).findByRole('list', { name: 'Promotion codes' });
    expect(within(list).getByText('SPRING-ALEX10')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove SPRING-ALEX10' }));
    await waitFor(() =>
      expect(within(row).queryByRole('list', { name: 'Promotion codes' })).toBeNull(),
    );
  });

  it('a code Stripe does not have is refused with the server message on the field (no key: the code is typed)', async () => {
    fakeApi({
      'GET campaign/11/stats/': { body: stats },
      [CODES]: { body: { status: 'success', codes: [] } },
      [STRIPE_CODES]: {
        status: 400,
        body: { detail: 'Connect Stripe with a restricted key (rk_…) first' },
      },
      [ASSIGN]: {
        status: 400,
        body: {
          detail: 'code: NOPE is not a promotion code of your Stripe account (live mode)',
          errors: { code: ['NOPE is not a promotion code of your Stripe account (live mode)'] },
        },
      },
    });
    const { user } = renderBrandApp('/brand/brands/3/campaigns/11');
    await findHeading('Spring Launch');
    const form = await screen.findByRole('form', { name: 'Give a promotion code' });
    await user.type(await within(form).findByRole('textbox', { name: 'Promotion code' }), 'NOPE');
    await user.selectOptions(within(form).getByLabelText('Advocate'), 'ada');
    await user.click(within(form).getByRole('button', { name: 'Give code' }));
    expect(
      await within(form).findByText(
        'NOPE is not a promotion code of your Stripe account (live mode)',
      ),
    ).toBeInTheDocument();
  });
});
