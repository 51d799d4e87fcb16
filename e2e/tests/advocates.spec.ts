import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { acceptCookies, expect, test, shootScreen } from '../fixtures';
import { ok, register } from '../journeys';

/** Fails on serious or critical accessibility violations of the current screen. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** A new brand owner, signed in on `page`, with a product, two campaigns and a secret key. */
async function brandWithCampaigns(page: Page, landing: string) {
  const me = await register(page.request, 'adv-owner');
  const brand = await ok<{ brand?: { id: number }; data?: { brand?: { id: number } } }>(
    await page.request.post('/api/v1/brand/create/', {
      data: { brand_name: 'Advocates Roastery' },
      headers: me.auth,
    }),
  );
  const brandId = brand.brand?.id ?? brand.data?.brand?.id ?? 0;
  const made = await ok<{ data: { product: { id: number } } }>(
    await page.request.post('/api/v1/product/create/', {
      data: {
        name: 'House Blend',
        price: 12.5,
        currency: 'USD',
        status: 'active',
        brand_id: brandId,
        product_url: landing,
      },
      headers: me.auth,
    }),
  );
  const campaignIds: number[] = [];
  const publicIds: string[] = [];
  for (const title of ['Spring Launch', 'Summer Sale']) {
    const created = await ok<{ campaign: { id: number; campaign_id: string } }>(
      await page.request.post('/api/v1/campaign/create/', {
        data: {
          brand: brandId,
          title,
          description: `${title}: share our house blend.`,
          product_ids: [made.data.product.id],
          commission_type: 'percentage',
          commission_value: 10,
        },
        headers: me.auth,
      }),
    );
    campaignIds.push(created.campaign.id);
    publicIds.push(created.campaign.campaign_id);
  }
  const { secret } = await ok<{ secret: string }>(
    await page.request.post(`/api/v1/brand/${brandId}/api-keys/`, {
      data: { kind: 'secret' },
      headers: me.auth,
    }),
  );
  return { me, brandId, spring: campaignIds[0], summer: campaignIds[1], publicIds, secret };
}

test.describe('brand advocates', () => {
  test('the campaigns and products lists keep View, Edit and Manage in reach at 1366 and 390 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { brandId } = await brandWithCampaigns(page, 'https://shop.example/house-blend');
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`/brand/brands/${brandId}/campaigns`);
    await acceptCookies(page);
    const campaignRow = page.getByRole('row').filter({ hasText: 'Summer Sale' });
    await expect(campaignRow.getByRole('link', { name: 'Edit Summer Sale' })).toBeInViewport();
    await expect(campaignRow.getByRole('link', { name: 'View Summer Sale' })).toBeInViewport();
    await expectAccessible(page);
    await shootScreen(page, 'campaigns-1366');
    await page.goto(`/brand/brands/${brandId}/products`);
    await expect(page.getByRole('link', { name: 'Manage House Blend' })).toBeInViewport();
    await shootScreen(page, 'products-1366');

    // At 390 px each row is a card: scrolling down the page reaches its buttons, and they sit
    // within the screen's width (nothing cut off to the side).
    await page.setViewportSize({ width: 390, height: 800 });
    const withinPhoneWidth = async (name: string) => {
      const link = page.getByRole('link', { name });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    };
    await withinPhoneWidth('Manage House Blend');
    await page.goto(`/brand/brands/${brandId}/campaigns`);
    await withinPhoneWidth('Edit Summer Sale');
    await withinPhoneWidth('View Summer Sale');
  });
});
