import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { acceptCookies, expect, shootScreen, test } from '../fixtures';
import { brandWithCampaign, joinedAdvocate, ok, register, secretKey, signIn } from '../journeys';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A brand's own system: a local endpoint that answers 200 and keeps what it receives. */
async function startReceiver() {
  const received: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('webhooks and notifications', () => {
  test('a brand adds a webhook, a conversion arrives signed and the log shows 200; the advocate reads the notification', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const receiver = await startReceiver();

    // The brand: a brand, a product, a $5-per-sale campaign and a secret key.
    const owner = await browser.newContext({ baseURL });
    const ownerPage = await owner.newPage();
    const brandOwner = await register(ownerPage.request, 'hooks');
    const { brandId, campaignId } = await brandWithCampaign(ownerPage.request, brandOwner, {
      brandName: 'Hook Roasters',
      campaign: { title: 'Bean Drop', commission_type: 'flat', commission_value: 5 },
    });
    const apiKey = await secretKey(ownerPage.request, brandOwner, brandId);
    await signIn(ownerPage.request, brandOwner);

    // Brands → the brand → Webhooks: add one pointing at the local receiver.
    await ownerPage.goto(`/brand/brands/${brandId}`);
    await acceptCookies(ownerPage);
    await ownerPage.getByRole('link', { name: 'Webhooks' }).click();
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await ownerPage.getByLabel('Endpoint URL').fill(receiver.url);
    await ownerPage.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Your webhook signing secret' });
    const signingSecret = (await dialog.getByLabel('Signing secret').textContent()) ?? '';
    expect(signingSecret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'I have saved it' }).click();
    await expect(
      ownerPage.getByRole('table', { name: 'Webhooks' }).getByText(receiver.url),
    ).toBeVisible();

    // The advocate joins; the merchant's server reports a sale through the share link.
    const advocateContext = await browser.newContext({ baseURL });
    const page = await advocateContext.newPage();
    const { advocate, via } = await joinedAdvocate(page.request, 'hookfan', campaignId);
    await ok(
      await page.request.post('/api/v1/sdk-log-conversion/', {
        data: { conversionRef: 'order-501', via, value: 20 },
        headers: { Authorization: `Bearer ${apiKey}` },
      }),
    );

    // The receiver gets the join and the sale, each signed as Standard Webhooks says.
    await expect
      .poll(() => receiver.received.length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    const verifier = new Webhook(signingSecret);
    const events = receiver.received.map(
      (d) => verifier.verify(d.body, d.headers as Record<string, string>) as { type: string },
    );
    expect(events.map((e) => e.type).sort()).toEqual(['advocate.joined', 'conversion.created']);

    // The delivery log shows the sale delivered with 200.
    await ownerPage.reload();
    const log = ownerPage.getByRole('table', { name: 'Delivery attempts' });
    const sale = log.getByRole('row', { name: /Conversion created/ });
    await expect(sale).toBeVisible();
    await expect(sale.getByText('200', { exact: true })).toBeVisible();
    await sale.getByRole('button', { name: 'Payload' }).click();
    await expect(ownerPage.getByLabel('Payload')).toContainText('"reference": "order-501"');
    await ownerPage.keyboard.press('Escape');
    await shootScreen(ownerPage, 'brand-webhooks');

    // The advocate's bell counts the new conversion; the drawer shows it; Mark As Read reads it.
    await signIn(page.request, advocate);
    await page.goto('/advocate/dashboard');
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    const item1 = drawer.getByRole('listitem').filter({ hasText: 'New conversion' });
    await expect(item1).toContainText('A purchase through your link for Bean Drop earned $5.00');
    await expect(item1.getByRole('img', { name: 'Unread' })).toBeVisible();
    await shootScreen(page, 'advocate-notifications');
    await drawer.getByRole('button', { name: 'Mark As Read' }).click();
    await expect(item1.getByRole('img', { name: 'Unread' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    await owner.close();
    await advocateContext.close();
    await receiver.close();
  });
});
