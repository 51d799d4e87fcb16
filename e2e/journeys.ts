// Set-up steps the journeys share, through the API in a page's request context (so the browser
// holds the same session cookies).
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** The password of every account a journey registers. */
export const PASSWORD = 'Brand1234!';

/** The reply's JSON, failing the test (with the server's answer) unless it is a 2xx. */
export async function ok<T>(reply: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(reply.ok(), `${reply.url()} → ${reply.status()} ${await reply.text()}`).toBe(true);
  return (await reply.json()) as T;
}

export interface Account {
  id: number;
  token: string;
  username: string;
  email: string;
  auth: { Authorization: string };
}

/** A fresh account registered (and signed in) in `request`'s context. */
export async function register(request: APIRequestContext, prefix: string): Promise<Account> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${username}@example.test`;
  const reply = await ok<{ access?: string; token?: string; user_id: number }>(
    await request.post('/api/v1/user/register/', {
      data: { username, email, password: PASSWORD, password_confirmation: PASSWORD },
    }),
  );
  const token = reply.access ?? reply.token ?? '';
  return { id: reply.user_id, token, username, email, auth: { Authorization: `Bearer ${token}` } };
}

/** A brand of `owner` with one active $20 product and a campaign on it, made through the API. */
export async function brandWithCampaign(
  request: APIRequestContext,
  owner: Account,
  {
    brandName,
    product = { name: 'Beans', product_url: 'https://shop.example/beans' },
    campaign,
  }: {
    brandName: string;
    product?: { name: string; product_url: string };
    /** The campaign's title and reward fields (commission_type, commission_value, …). */
    campaign: { title: string } & Record<string, unknown>;
  },
): Promise<{ brandId: number; productId: number; campaignId: number }> {
  const headers = owner.auth;
  const { brand } = await ok<{ brand: { id: number } }>(
    await request.post('/api/v1/brand/create/', { data: { brand_name: brandName }, headers }),
  );
  const made = await ok<{ data: { product: { id: number } } }>(
    await request.post('/api/v1/product/create/', {
      data: { ...product, price: 20, currency: 'USD', status: 'active', brand_id: brand.id },
      headers,
    }),
  );
  const productId = made.data.product.id;
  const created = await ok<{ campaign: { id: number } }>(
    await request.post('/api/v1/campaign/create/', {
      data: { brand: brand.id, product_ids: [productId], ...campaign },
      headers,
    }),
  );
  return { brandId: brand.id, productId, campaignId: created.campaign.id };
}

/** A new secret API key of brand `brandId` (what a merchant's server reports sales with). */
export async function secretKey(
  request: APIRequestContext,
  owner: Account,
  brandId: number,
): Promise<string> {
  const { secret } = await ok<{ secret: string }>(
    await request.post(`/api/v1/brand/${brandId}/api-keys/`, {
      data: { kind: 'secret' },
      headers: owner.auth,
    }),
  );
  return secret;
}

/** Brand `brandId`'s hold period and payout minimum. */
export async function setPayoutSettings(
  request: APIRequestContext,
  owner: Account,
  brandId: number,
  settings: { hold_days: number; payout_minimum: number },
): Promise<void> {
  await ok(
    await request.put(`/api/v1/brand/${brandId}/payout-settings/`, {
      data: settings,
      headers: owner.auth,
    }),
  );
}

/** Signs `account` in with its password, so that the browser of `request` holds the session. */
export async function signIn(request: APIRequestContext, account: Account): Promise<void> {
  await ok(
    await request.post('/api/v1/token/', {
      data: { email: account.email, password: PASSWORD },
    }),
  );
}

/**
 * A fresh account in `request`'s context made an advocate who joined campaign `campaignId`;
 * `via` is the code of their share link (`/r/{via}`).
 */
export async function joinedAdvocate(
  request: APIRequestContext,
  prefix: string,
  campaignId: number,
): Promise<{ advocate: Account; via: string }> {
  const advocate = await register(request, prefix);
  await ok(await request.post('/api/v1/roles/upgrade/advocate/', { headers: advocate.auth }));
  const joined = await ok<{ share_links: Array<{ url: string }> }>(
    await request.post('/api/v1/join-campaign/', {
      data: { id: campaignId },
      headers: advocate.auth,
    }),
  );
  return { advocate, via: joined.share_links[0].url.split('/r/')[1] };
}
