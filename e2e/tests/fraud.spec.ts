import { acceptCookies, expect, shootScreen, test } from '../fixtures';
import {
  brandWithCampaign,
  joinedAdvocate,
  ok,
  register,
  secretKey,
  setPayoutSettings,
  signIn,
} from '../journeys';

test.describe('fraud', () => {
  test('an advocate buying through their own link is held for review with its reason; the brand rejects it and it is never paid', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const owner = await browser.newContext({ baseURL });
    const ownerPage = await owner.newPage();
    const brandOwner = await register(ownerPage.request, 'guard');
    const { brandId, campaignId } = await brandWithCampaign(ownerPage.request, brandOwner, {
      brandName: 'Honest Roasters',
      campaign: { title: 'Self Check', commission_type: 'flat', commission_value: 5 },
    });
    const secret = await secretKey(ownerPage.request, brandOwner, brandId);
    // A hold of 0 days: a clean sale would be approved on arrival; a held one waits anyway.
    await setPayoutSettings(ownerPage.request, brandOwner, brandId, {
      hold_days: 0,
      payout_minimum: 0,
    });
    await signIn(ownerPage.request, brandOwner);

    const advocateContext = await browser.newContext({ baseURL });
    const page = await advocateContext.newPage();
    const { advocate, via } = await joinedAdvocate(page.request, 'selfbuyer', campaignId);

    // The merchant's server reports the order, with the customer's email: the advocate's own.
    const report = (conversionRef: string, email: string) =>
      ownerPage.request.post('/api/v1/sdk-log-conversion/', {
        data: { conversionRef, via, value: 20, customer: { email } },
        headers: { Authorization: `Bearer ${secret}` },
      });
    const own = await ok<{ conversion: { status: string } }>(
      await report('order-self', advocate.email.toUpperCase()),
    );
    expect(own.conversion.status).toBe('pending');
    const clean = await ok<{ conversion: { status: string } }>(
      await report('order-clean', 'someone@gmail.com'),
    );
    expect(clean.conversion.status).toBe('approved');

    // The brand's review: held, with the rule's reason; the clean sale is not waiting.
    await ownerPage.goto(`/brand/payouts?brandId=${brandId}`);
    await acceptCookies(ownerPage);
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    await ownerPage.locator('#review-status').selectOption('held');
    const review = ownerPage.getByRole('table', { name: 'Pending conversions' });
    const row = review.getByRole('row', { name: /order-self/ });
    await expect(row.getByText('Held for review')).toBeVisible();
    await expect(row.getByText('Self-referral')).toBeVisible();
    await expect(review.getByRole('row', { name: /order-clean/ })).toHaveCount(0);
    await shootScreen(ownerPage, 'brand-review-held');
    await row.getByRole('checkbox').check();
    await ownerPage.getByLabel('Reason').fill('Own purchase');
    await ownerPage.getByRole('button', { name: 'Reject selected' }).click();
    await expect(ownerPage.getByText('1 conversion rejected')).toBeVisible();
    await expect(review.getByText('No conversions waiting for review.')).toBeVisible();

    // The fraud settings sit with the payout settings.
    const fraud = ownerPage.getByRole('form', { name: 'Fraud settings' });
    await expect(fraud.getByLabel('Attribution window (days)')).toHaveValue('90');
    await shootScreen(ownerPage, 'brand-fraud-settings');

    // The advocate is owed the clean sale only.
    const earnings = await ok<{ current_balance: Array<{ amount: number }> }>(
      await page.request.get('/api/v1/advocates/earnings/', { headers: advocate.auth }),
    );
    expect(earnings.current_balance).toEqual([{ currency: 'USD', amount: 5 }]);

    await owner.close();
    await advocateContext.close();
  });
});
