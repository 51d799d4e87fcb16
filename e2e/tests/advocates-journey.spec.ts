import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type * as Sdk from 'sdk';
import { acceptCookies, expect, test, shootScreen } from '../fixtures';
import { ok, register, type Account } from '../journeys';

// The merchant-side client, as a merchant's Node server would load it (see tracking.spec.ts).
const { createTrackingClient } = createRequire(import.meta.url)(
  '../../sdk/src/index.ts',
) as typeof Sdk;

// A desktop browser: the server does not count HeadlessChrome (a known bot) as a click.
const chrome = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;

/** Opens a share link as a new visitor; the redirect's `via` and `cid` attribute a sale. */
async function click(request: APIRequestContext, shareUrl: string, visitor: number) {
  const reply = await request.get(shareUrl, {
    maxRedirects: 0,
    headers: { 'User-Agent': chrome(visitor) },
  });
  expect(reply.status()).toBe(302);
  const landed = new URL(reply.headers().location ?? '');
  return {
    via: landed.searchParams.get('via') ?? '',
    clickId: landed.searchParams.get('cid') ?? '',
  };
}

/** Fails on serious or critical accessibility violations of the current screen. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** The body rows of the advocates table, as the AID, name and email they show. */
async function tableRows(page: Page) {
  const rows = page.getByRole('table', { name: 'Advocates' }).locator('tbody tr');
  const out: string[][] = [];
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell');
    const person = cells.nth(0);
    out.push([
      (await cells.nth(1).innerText()).trim(),
      (await person.locator('strong').innerText()).trim(),
      (await person.locator('span span').last().innerText()).trim(),
    ]);
  }
  return out;
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
  test('the list filters by campaign in the URL, profiles show each advocate’s totals, Export matches the table', async ({
    browser,
    baseURL,
    product,
  }) => {
    test.setTimeout(300_000);
    const owner = await browser.newContext({ baseURL, acceptDownloads: true });
    const page = await owner.newPage();

    // A public shop page (loopback addresses are refused); clicks are read from the redirect only.
    const landing = 'https://shop.example/house-blend';
    const { brandId, spring, summer, publicIds, secret } = await brandWithCampaigns(page, landing);
    const tracking = createTrackingClient({ baseUrl: product.url, credential: secret });

    // Two advocates join: Ada both campaigns, Bo only Spring Launch. Each sale follows a click.
    const api = (await browser.newContext({ baseURL })).request;
    const sales: Array<{ who: number; campaign: number; value: number }> = [
      { who: 0, campaign: spring, value: 40 },
      { who: 0, campaign: summer, value: 25.5 },
      { who: 1, campaign: spring, value: 12.25 },
    ];
    const advocates: Array<Account & { links: Map<number, string> }> = [];
    for (const prefix of ['ada', 'bo']) {
      const account = await register(api, prefix);
      await ok(await api.post('/api/v1/roles/upgrade/advocate/', { headers: account.auth }));
      const links = new Map<number, string>();
      const joined = prefix === 'ada' ? [spring, summer] : [spring];
      for (const campaign of joined) {
        const join = await ok<{ share_links?: Array<{ url?: string; share_link?: string }> }>(
          await api.post('/api/v1/join-campaign/', {
            data: { id: campaign },
            headers: account.auth,
          }),
        );
        const first = join.share_links?.[0];
        links.set(campaign, first?.url ?? first?.share_link ?? '');
      }
      advocates.push({ ...account, links });
    }
    let visitor = 0;
    for (const sale of sales) {
      const { via, clickId } = await click(
        api,
        advocates[sale.who].links.get(sale.campaign) ?? '',
        ++visitor,
      );
      const reply = await tracking.trackConversion({
        conversionRef: `order-${visitor}-${Date.now()}`,
        value: sale.value,
        currency: 'USD',
        via,
        clickId,
      });
      expect(reply.duplicate).toBe(false);
    }
    const [ada, bo] = advocates;
    const aid = (id: number) => `AID${String(id).padStart(6, '0')}`;

    // The list: both advocates with their totals.
    await page.goto('/brand/advocates');
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Advocates' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Advocates' });
    const adaRow = table.getByRole('row').filter({ hasText: ada.email });
    const boRow = table.getByRole('row').filter({ hasText: bo.email });
    await expect(adaRow).toContainText(aid(ada.id));
    await expect(adaRow).toContainText('$65.50');
    await expect(adaRow.getByRole('cell').nth(3)).toHaveText('2');
    await expect(boRow).toContainText('$12.25');
    await expect(boRow.getByRole('cell').nth(3)).toHaveText('1');
    await expect(table.locator('tbody tr')).toHaveCount(2);
    await expectAccessible(page);
    await shootScreen(page, 'advocates-list');

    // Export downloads the table as CSV, row for row.
    const shown = await tableRows(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^advocates-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header.split(',').slice(0, 3)).toEqual(['AID', 'Name', 'Email']);
    expect(lines.map((line) => line.split(',').slice(0, 3))).toEqual(shown);

    // Filter by the campaign only Ada joined: the URL holds it through reload, back and forward.
    // Typed as every screen shows it (CMP-…); the URL keeps the campaign's number.
    await page.getByRole('textbox', { name: 'Campaign ID' }).fill(publicIds[1]);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`/brand/advocates\\?campaign_id=${summer}$`));
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(adaRow).toBeVisible();
    await page.reload();
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(adaRow).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Campaign ID' })).toHaveValue(String(summer));
    await page.goBack();
    await expect(page).toHaveURL(/\/brand\/advocates$/);
    await expect(table.locator('tbody tr')).toHaveCount(2);
    await expect(page.getByRole('textbox', { name: 'Campaign ID' })).toHaveValue('');
    await page.goForward();
    await expect(table.locator('tbody tr')).toHaveCount(1);

    // A campaign chip narrows the list the same way.
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(2);
    await boRow.getByRole('link', { name: 'Show advocates of Spring Launch' }).click();
    await expect(page).toHaveURL(new RegExp(`campaign_id=${spring}`));
    await expect(table.locator('tbody tr')).toHaveCount(2);

    // Nobody is inactive: the empty state.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('inactive');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('No advocates found.', { exact: true })).toBeVisible();
    await shootScreen(page, 'advocates-empty');

    // Each profile shows that advocate's totals.
    await page.goto('/brand/advocates');
    await adaRow.getByRole('link', { name: /^View / }).click();
    await expect(page).toHaveURL(new RegExp(`/brand/advocates/${ada.id}$`));
    await expect(page.getByText(aid(ada.id), { exact: true })).toBeVisible();
    await expect(page.getByText(ada.email, { exact: true })).toBeVisible();
    const stat = (title: string) => page.getByRole('region', { name: title, exact: true });
    await expect(stat('Gross revenue')).toContainText('$65.50');
    await expect(stat('Total conversions')).toContainText('2');
    const brandCard = page.getByRole('article', { name: 'Advocates Roastery' });
    await expect(brandCard).toContainText('$65.50');
    await expect(page.getByRole('link', { name: 'Open campaign Spring Launch' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open campaign Summer Sale' })).toBeVisible();
    await expectAccessible(page);
    await shootScreen(page, 'advocate-profile');

    await page.goto(`/brand/advocates/${bo.id}?brand_id=${brandId}`);
    await expect(page.getByText(aid(bo.id), { exact: true })).toBeVisible();
    await expect(stat('Gross revenue')).toContainText('$12.25');
    await expect(stat('Total conversions')).toContainText('1');
    await expect(page.getByRole('link', { name: 'Open campaign Summer Sale' })).toHaveCount(0);

    // Someone who is not one of this brand's advocates.
    await page.goto(`/brand/advocates/999999`);
    await expect(page.getByText('No data available', { exact: true })).toBeVisible();

    // The header's Export is off where a screen offers no table.
    await page.goto('/brand/support');
    await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();

    await owner.close();
  });
});
