// Removing an advocate (issue 36): the brand removes an advocate on their profile, and the next
// visit of their share link still reaches the product but carries no click id, and a sale
// reported through that link earns them nothing.
import type { APIRequestContext } from '@playwright/test';
import { acceptCookies, expect, test } from '../fixtures';
import { brandWithCampaign, joinedAdvocate, ok, register, secretKey } from '../journeys';

// A desktop browser: the server does not count HeadlessChrome (a known bot) as a click.
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.7.0 Safari/537.36';
const LANDING = 'https://shop.example/removal-beans';

/** Opens the share link as a visitor; where the redirect leads. */
async function visit(request: APIRequestContext, code: string): Promise<URL> {
  const reply = await request.get(`/r/${code}`, {
    maxRedirects: 0,
    headers: { 'User-Agent': CHROME },
  });
  expect(reply.status()).toBe(302);
  return new URL(reply.headers().location ?? '');
}

/** A sale of 20.00 reported by the brand's server through the link; the advocate's reward. */
async function sale(request: APIRequestContext, secret: string, ref: string, via: string) {
  const reply = await ok<{ conversion: { reward_amount: number } }>(
    await request.post('/api/v1/sdk-log-conversion/', {
      data: { conversionRef: ref, via, value: 20 },
      headers: { Authorization: `Bearer ${secret}` },
    }),
  );
  return reply.conversion.reward_amount;
}

test.describe('removing an advocate', () => {
  test('a brand removes an advocate and their next click credits nothing', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const owner = await register(page.request, 'rm-owner');
    const { brandId, campaignId } = await brandWithCampaign(page.request, owner, {
      brandName: 'Removal Roastery',
      product: { name: 'Removal Beans', product_url: LANDING },
      campaign: { title: 'Spring Removal', commission_type: 'percentage', commission_value: 10 },
    });
    const secret = await secretKey(page.request, owner, brandId);
    const api = (await browser.newContext({ baseURL })).request;
    const { advocate, via } = await joinedAdvocate(api, 'rm-adv', campaignId);

    // A member's link: a click id, and a sale that earns 10%.
    const before = await visit(api, via);
    expect(before.searchParams.get('cid')).toBeTruthy();
    expect(await sale(api, secret, `rm-before-${Date.now()}`, via)).toBe(2);

    // The owner removes the advocate from their profile, rejecting what is pending.
    await page.goto(`/brand/advocates/${advocate.id}?brand_id=${brandId}`);
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Remove Affiliate' }).click();
    const dialog = page.getByRole('dialog', { name: /^Remove / });
    await dialog.getByLabel('Reason').fill('Coupon-site spam');
    await dialog.getByLabel('Pending commissions').selectOption('reject');
    await dialog.getByRole('button', { name: 'Remove advocate' }).click();
    const notice = page.getByRole('region', { name: 'Removed' });
    await expect(notice).toContainText('Coupon-site spam');
    await expect(notice).toContainText('pending commissions rejected');

    // The next click: still to the product, exactly as written, with nothing to attribute by.
    const after = await visit(api, via);
    expect(after.toString()).toBe(LANDING);
    // A sale still reported through the old link is recorded but earns nothing.
    expect(await sale(api, secret, `rm-after-${Date.now()}`, via)).toBe(0);
    // And the advocate is no longer in the campaign.
    const links = await ok<{ joined: boolean }>(
      await api.get(`/api/v1/campaign/${campaignId}/share-links/`, { headers: advocate.auth }),
    );
    expect(links.joined).toBe(false);
    await context.close();
  });
});
