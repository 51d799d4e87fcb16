// The role × route matrix: every brand route, from the routes the app registered, tried by each
// role, compared with the table below. A new brand route that is not in the table fails the
// first test, so none can escape the one access rule.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { roleRefusal, type BrandPermission, type BrandRole } from 'contract/teams';
import {
  createCampaignAs,
  createProductAs,
  createTestUser,
  signIn,
  withBrandWorld,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import { rowsOf } from '../../lib/sql.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

/**
 * What each brand route needs (contract/teams.ts says which roles have each permission). Keyed
 * as Fastify registered it. Writes come after reads and deletions last, so a caller allowed to
 * delete does not take the thing away from the routes tried after it.
 */
const MATRIX: Record<string, BrandPermission> = {
  'GET /api/v1/brand/:id/': 'view',
  'GET /api/v1/brand/stats/:brandId/': 'view',
  'GET /api/v1/brand/:id/campaigns/': 'view',
  'GET /api/v1/brand/:id/products/': 'view',
  'GET /api/v1/brand/:id/api-keys/': 'view',
  'GET /api/v1/brand/:id/review/': 'view',
  'GET /api/v1/brand/:id/review/summary/': 'view',
  'GET /api/v1/brand/:id/review/refused/': 'view',
  'GET /api/v1/brand/:id/review/:conversionId/': 'view',
  'GET /api/v1/brand/:id/payout-settings/': 'view',
  'GET /api/v1/brand/:id/payouts/': 'view',
  'GET /api/v1/brand/:id/payouts/summary/': 'view',
  'GET /api/v1/brand/:id/payouts/export/': 'view',
  'GET /api/v1/brand/:id/fraud-settings/': 'view',
  'GET /api/v1/brand/:brandId/members/': 'view',
  'GET /api/v1/brand/:brandId/audit-log/': 'audit',
  'GET /api/v1/brand/:brandId/webhooks/': 'view',
  'GET /api/v1/brand/:brandId/webhooks/:webhookId/deliveries/': 'view',
  'GET /api/v1/brand/:brandId/integrations/stripe/': 'view',
  'GET /api/v1/brand/:brandId/integrations/stripe/promotion-codes/': 'view',
  'GET /api/v1/brand/:brandId/integrations/paddle/': 'view',
  'GET /api/v1/brand/:brandId/integrations/lemonsqueezy/': 'view',
  'GET /api/v1/brand/:brandId/integrations/shopify/': 'view',
  'GET /api/v1/brand/:brandId/notification-settings/': 'view',
  'GET /api/v1/brand/:brandId/applications/': 'view',
  'GET /api/v1/brand/:brandId/advocates/removed/': 'view',
  'GET /api/v1/brand/:brandId/groups/': 'view',
  'GET /api/v1/brand/:brandId/groups/:groupId/members/': 'view',
  'GET /api/v1/campaign/:id/stats/': 'view',
  'GET /api/v1/campaign/:id/promotion-codes/': 'view',
  'GET /api/v1/campaign/:id/discount-codes/': 'view',
  'GET /api/v1/product/:id/': 'view',
  'POST /api/v1/campaign/create/': 'catalog',
  'PATCH /api/v1/campaign/update/:id/': 'catalog',
  'PUT /api/v1/campaign/:id/promotion-codes/': 'catalog',
  'PUT /api/v1/campaign/:id/discount-codes/': 'catalog',
  'POST /api/v1/product/create/': 'catalog',
  'PUT /api/v1/product/:id/update/': 'catalog',
  'PUT /api/v1/brand/:brandId/notification-settings/': 'catalog',
  'POST /api/v1/brand/:brandId/applications/:applicationId/approve/': 'catalog',
  'POST /api/v1/brand/:brandId/applications/:applicationId/reject/': 'catalog',
  'POST /api/v1/brand/:brandId/advocate-invitations/': 'catalog',
  'PATCH /api/v1/brand/:id/': 'catalog',
  'POST /api/v1/brand/:brandId/advocates/:advocateId/remove/': 'catalog',
  'POST /api/v1/brand/:brandId/advocates/:advocateId/ban/': 'catalog',
  'POST /api/v1/brand/:brandId/advocates/:advocateId/restore/': 'catalog',
  'POST /api/v1/brand/:brandId/groups/': 'catalog',
  'PATCH /api/v1/brand/:brandId/groups/:groupId/': 'catalog',
  'POST /api/v1/brand/:brandId/groups/:groupId/members/': 'catalog',
  'POST /api/v1/brand/:brandId/groups/evaluate/': 'catalog',
  'POST /api/v1/brand/:id/review/': 'review',
  'POST /api/v1/brand/:id/review/:conversionId/reopen/': 'review',
  'PUT /api/v1/brand/:id/payout-settings/': 'payouts',
  'POST /api/v1/brand/:id/payouts/preview/': 'payouts',
  'POST /api/v1/brand/:id/payouts/': 'payouts',
  'POST /api/v1/payout/:id/sent/': 'payouts',
  'POST /api/v1/payout/:id/successful/': 'payouts',
  'POST /api/v1/payout/:id/failed/': 'payouts',
  'POST /api/v1/brand/:id/api-keys/': 'developers',
  'PUT /api/v1/brand/:id/fraud-settings/': 'developers',
  'POST /api/v1/brand/:brandId/webhooks/': 'developers',
  'PATCH /api/v1/brand/:brandId/webhooks/:webhookId/': 'developers',
  'POST /api/v1/brand/:brandId/webhooks/:webhookId/rotate-secret/': 'developers',
  'POST /api/v1/brand/:brandId/webhooks/:webhookId/test/': 'developers',
  'POST /api/v1/brand/:brandId/webhooks/:webhookId/deliveries/:deliveryId/retry/': 'developers',
  'PUT /api/v1/brand/:brandId/integrations/stripe/': 'developers',
  'POST /api/v1/brand/:brandId/integrations/stripe/test-event/': 'developers',
  'PUT /api/v1/brand/:brandId/integrations/paddle/': 'developers',
  'PUT /api/v1/brand/:brandId/integrations/lemonsqueezy/': 'developers',
  'PUT /api/v1/brand/:brandId/integrations/shopify/': 'developers',
  'POST /api/v1/brand/:brandId/members/invite/': 'members',
  'PATCH /api/v1/brand/:brandId/members/:userId/': 'members',
  'PUT /api/v1/brand/:brandId/team-settings/': 'members',
  'DELETE /api/v1/brand/:brandId/invitations/:invitationId/': 'members',
  // Removing someone else; leaving (one's own id) is open to every member (teams.test.ts).
  'DELETE /api/v1/brand/:brandId/members/:userId/': 'members',
  'DELETE /api/v1/brand/:id/api-keys/:keyId/': 'developers',
  'DELETE /api/v1/brand/:brandId/webhooks/:webhookId/': 'developers',
  'DELETE /api/v1/brand/:brandId/integrations/stripe/': 'developers',
  'DELETE /api/v1/brand/:brandId/integrations/paddle/': 'developers',
  'DELETE /api/v1/brand/:brandId/integrations/lemonsqueezy/': 'developers',
  'DELETE /api/v1/brand/:brandId/integrations/shopify/': 'developers',
  'DELETE /api/v1/brand/:brandId/groups/:groupId/': 'catalog',
  'DELETE /api/v1/campaign/:id/promotion-codes/:code/': 'catalog',
  'DELETE /api/v1/campaign/:id/discount-codes/:provider/:code/': 'catalog',
  'DELETE /api/v1/product/:id/delete/': 'catalog',
  'DELETE /api/v1/campaign/delete/:id/': 'catalog',
};

/** Routes whose path names a brand or its things but that are not a member's, and why. */
const NOT_MEMBER_ROUTES: Record<string, string> = {
  'POST /api/v1/integrations/stripe/webhook/:brandId/':
    "Stripe's calls, signed with the brand's secret",
  'POST /api/v1/integrations/paddle/webhook/:brandId/':
    "Paddle's calls, signed with the brand's secret",
  'POST /api/v1/integrations/lemonsqueezy/webhook/:brandId/':
    "Lemon Squeezy's calls, signed with the brand's secret",
  'POST /api/v1/integrations/shopify/webhook/:brandId/':
    "Shopify's calls, signed with the brand's secret",
  'GET /api/v1/campaign/:id/': 'any signed-in user sees active campaigns (members: every status)',
  'GET /api/v1/campaign/:id/share-links/': "the signed-in advocate's own links",
  'GET /api/v1/campaign/:id/my-group/': "the signed-in advocate's own group and rules",
};

/** The routes that act on one brand: by the path (brand, campaign, product, payout). */
const isBrandRoute = (url: string) =>
  /^\/api\/v1\/(brand\/(stats\/)?:|campaign\/(update\/|delete\/)?:|product\/:|payout\/:)/.test(
    url,
  ) || ['/api/v1/campaign/create/', '/api/v1/product/create/'].includes(url);

const ROLES: BrandRole[] = ['owner', 'admin', 'finance', 'analyst'];
const MAY: Record<BrandPermission, BrandRole[]> = {
  view: ['owner', 'admin', 'finance', 'analyst'],
  catalog: ['owner', 'admin'],
  review: ['owner', 'admin', 'finance'],
  payouts: ['owner', 'admin', 'finance'],
  developers: ['owner', 'admin'],
  audit: ['owner', 'admin'],
  members: ['owner'],
};

describe('the role × route matrix', () => {
  it('covers every brand route the app registered, each with its brand access stated', () => {
    const registered = t.app.brandRoutes
      .filter((route) => isBrandRoute(route.url))
      .map((route) => `${route.method} ${route.url}`);
    const unlisted = registered.filter((key) => !(key in MATRIX) && !(key in NOT_MEMBER_ROUTES));
    assert.deepEqual(unlisted, [], 'brand routes missing from the matrix');
    const gone = Object.keys(MATRIX).filter((key) => !registered.includes(key));
    assert.deepEqual(gone, [], 'matrix rows without a route');
    const bodyRoutes = ['POST /api/v1/campaign/create/', 'POST /api/v1/product/create/'];
    const unguarded = t.app.brandRoutes
      .filter(
        (r) => `${r.method} ${r.url}` in MATRIX && !bodyRoutes.includes(`${r.method} ${r.url}`),
      )
      .filter((r) => !r.access)
      .map((r) => `${r.method} ${r.url}`);
    assert.deepEqual(unguarded, [], 'brand routes without brandAccess in their config');
  });

  /** A member of the owner's brand with `role` (joined through the team's own rows). */
  async function memberWith(role: BrandRole): Promise<Actor> {
    if (role === 'owner') return w.owner;
    const user = await createTestUser(db, { roles: ['brand_owner'] });
    await db.handle.db.execute(
      sql`insert into brand_members (brand_id, user_id, role, joined_at) values (${w.brandId}, ${user.id}, ${role}, now())`,
    );
    return { id: user.id, auth: (await signIn(t.app, user)).auth };
  }

  /** Real things of the brand for the path's ids, and a valid body for the creations. */
  async function fixtures() {
    const product = await createProductAs(t, w.owner, w.brandId);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [product] });
    const [payout] = await rowsOf<{ id: number }>(
      db.handle.db,
      sql`
        insert into payouts (brand_id, advocate_id, currency, amount, status, method, created_by, created_at)
        values (${w.brandId}, ${w.advocate.id}, 'USD', 10, 'pending',
          '{"type":"paypal","paypal_email":"a@pay.example"}'::jsonb, ${w.owner.id}, now())
        returning id`,
    );
    const stranger = await createTestUser(db);
    await db.handle.db.execute(
      sql`insert into brand_members (brand_id, user_id, role, joined_at) values (${w.brandId}, ${stranger.id}, 'analyst', now())`,
    );
    return { product, campaign, payout: payout.id, other: stranger.id };
  }

  function urlOf(route: string, ids: Awaited<ReturnType<typeof fixtures>>): string {
    const [, path] = route.split(' ');
    const entity = path.startsWith('/api/v1/campaign/')
      ? ids.campaign
      : path.startsWith('/api/v1/product/')
        ? ids.product
        : path.startsWith('/api/v1/payout/')
          ? ids.payout
          : w.brandId;
    return path
      .replace('/api/v1/', '')
      .replace(':brandId', String(w.brandId))
      .replace(':id', String(entity))
      .replace(':userId', String(ids.other))
      .replace(/:[a-zA-Z]+/g, '999999');
  }

  const bodyOf = (route: string, ids: Awaited<ReturnType<typeof fixtures>>) =>
    route === 'POST /api/v1/campaign/create/'
      ? { brand: w.brandId, title: 'Matrix', product_ids: [ids.product] }
      : route === 'POST /api/v1/product/create/'
        ? {
            name: 'Matrix',
            price: 5,
            currency: 'USD',
            status: 'active',
            brand_id: w.brandId,
            product_url: 'https://shop.example/matrix',
          }
        : {};

  for (const role of ROLES) {
    it(`${role}: allowed where the table says, 403 naming the role needed elsewhere`, async () => {
      const ids = await fixtures();
      const me = await memberWith(role);
      const seen: string[] = [];
      for (const [route, permission] of Object.entries(MATRIX)) {
        const [method] = route.split(' ');
        const res = await t.call<{ detail?: string }>(
          method as 'GET',
          urlOf(route, ids),
          method === 'GET' || method === 'DELETE'
            ? { as: me }
            : { as: me, body: bodyOf(route, ids) },
        );
        const allowed = MAY[permission].includes(role);
        const outcome = allowed
          ? res.statusCode !== 403 &&
            !(res.statusCode === 404 && res.json().detail === 'Brand not found')
          : res.statusCode === 403 && res.json().detail === roleRefusal(permission, role);
        if (!outcome) seen.push(`${route} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      assert.deepEqual(seen, [], `${role}: routes answering against the table`);
    });
  }

  it('a non-member gets 404 on every brand route; staff are let through', async () => {
    const ids = await fixtures();
    const wrong: string[] = [];
    for (const route of Object.keys(MATRIX)) {
      const [method] = route.split(' ');
      if (method !== 'GET' && route.includes('create')) continue;
      const res = await t.call(method as 'GET', urlOf(route, ids), {
        as: w.other,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: bodyOf(route, ids) }),
      });
      if (res.statusCode !== 404) wrong.push(`${route} → ${res.statusCode}`);
      const staff = await t.call(method as 'GET', urlOf(route, ids), {
        as: w.staff,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: bodyOf(route, ids) }),
      });
      if (staff.statusCode === 403) wrong.push(`staff: ${route} → 403`);
    }
    assert.deepEqual(wrong, []);
  });
});
