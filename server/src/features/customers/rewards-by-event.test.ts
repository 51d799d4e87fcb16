// Campaign rewards per event type (event_rewards), renewals under recurring_months, and customers
// remembered across conversions, as the SDK reports them (issue 27).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { CampaignView } from 'contract';
import {
  createCampaignAs,
  createProductAs,
  joinAs,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { rowsOf } from '../../lib/sql.js';
import { addMonths, renewalPays } from '../conversions/rewards.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const DAY = 86_400_000;

async function secretKey(): Promise<string> {
  const res = await t.call<{ secret: string }>('POST', `brand/${w.brandId}/api-keys/`, {
    as: w.owner,
    body: { kind: 'secret' },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().secret;
}

const report = (key: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/sdk-log-conversion/',
    headers: { authorization: `Bearer ${key}` },
    payload,
  });

async function joined(fields: Record<string, unknown>) {
  const product = await createProductAs(t, w.owner, w.brandId);
  const campaign = await createCampaignAs(t, w.owner, w.brandId, {
    product_ids: [product],
    commission_type: 'percentage',
    commission_value: 10,
    ...fields,
  });
  const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
  return { campaign, code };
}

describe('campaign event_rewards and recurring_months', () => {
  it('create stores them, the view returns them, edit changes and clears them', async () => {
    const id = await createCampaignAs(t, w.owner, w.brandId, {
      commission_type: 'percentage',
      commission_value: 10,
      event_rewards: { signup: { commission_type: 'flat', commission_value: 2 } },
      recurring_months: 12,
    });
    const view = await t.call<CampaignView>('GET', `campaign/${id}/`, { as: w.owner });
    assert.deepEqual(view.json().event_rewards, {
      signup: { commission_type: 'flat', commission_value: 2 },
    });
    assert.equal(view.json().recurring_months, 12);

    const edit = await t.call<{ campaign: CampaignView }>('PATCH', `campaign/update/${id}/`, {
      as: w.owner,
      body: {
        event_rewards: {
          subscription_renewal: { commission_type: 'percentage', commission_value: 30 },
        },
        recurring_months: 0,
      },
    });
    assert.equal(edit.statusCode, 200, edit.body);
    assert.deepEqual(edit.json().campaign.event_rewards, {
      subscription_renewal: { commission_type: 'percentage', commission_value: 30 },
    });
    assert.equal(edit.json().campaign.recurring_months, 0);

    const cleared = await t.call<{ campaign: CampaignView }>('PATCH', `campaign/update/${id}/`, {
      as: w.owner,
      body: { event_rewards: null, recurring_months: null },
    });
    assert.deepEqual(cleared.json().campaign.event_rewards, {});
    assert.equal(cleared.json().campaign.recurring_months, null);
  });

  it('a campaign made without them pays every event by its one rule and every renewal', async () => {
    const id = await createCampaignAs(t, w.owner, w.brandId, {});
    const view = await t.call<CampaignView>('GET', `campaign/${id}/`, { as: w.owner });
    assert.deepEqual(view.json().event_rewards, {});
    assert.equal(view.json().recurring_months, null);
  });

  it('400 naming the field: a percentage above 100, an unknown event type, negative months', async () => {
    const over = await t.call('POST', 'campaign/create/', {
      as: w.owner,
      body: {
        brand: w.brandId,
        event_rewards: { purchase: { commission_type: 'percentage', commission_value: 120 } },
      },
    });
    assert.equal(over.statusCode, 400);
    assert.match(over.body, /event_rewards\.purchase\.commission_value/);
    const unknown = await t.call('POST', 'campaign/create/', {
      as: w.owner,
      body: {
        brand: w.brandId,
        event_rewards: { refund: { commission_type: 'flat', commission_value: 1 } },
      },
    });
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.body, /event_rewards/);
    const months = await t.call('POST', 'campaign/create/', {
      as: w.owner,
      body: { brand: w.brandId, recurring_months: -1 },
    });
    assert.equal(months.statusCode, 400);
    assert.match(months.body, /recurring_months/);
  });
});

describe('SDK conversions under event_rewards, customers and recurring_months', () => {
  it("a signup (value 0) earns its flat reward; the same customer's later purchase, sent without a link, goes to the same advocate at 10%", async () => {
    const { campaign, code } = await joined({
      event_rewards: { signup: { commission_type: 'flat', commission_value: 2 } },
    });
    const key = await secretKey();
    const signup = await report(key, {
      conversionRef: 'lead-1',
      via: code,
      eventType: 'signup',
      value: 0,
      customer: { id: 'cust-42', email: 'Jane@Example.com' },
    });
    assert.equal(signup.statusCode, 201, signup.body);
    assert.equal(signup.json().conversion.reward_amount, 2);

    const purchase = await report(key, {
      conversionRef: 'order-1',
      eventType: 'purchase',
      value: 80,
      currency: 'EUR',
      customer: { id: 'cust-42' },
    });
    assert.equal(purchase.statusCode, 201, purchase.body);
    const c = purchase.json().conversion;
    assert.deepEqual(
      [c.campaign_id, c.advocate_id, c.reward_amount, c.currency],
      [campaign, w.advocate.id, 8, 'EUR'],
    );

    // An unknown customer without any link is still refused by name.
    const stranger = await report(key, {
      conversionRef: 'order-2',
      value: 10,
      customer: { id: 'someone-else' },
    });
    assert.equal(stranger.statusCode, 400);
  });

  it('recurring_months 2: renewals paid within 2 months of the first payment earn 30%, later ones are recorded with 0', async () => {
    const { code } = await joined({
      event_rewards: {
        subscription_renewal: { commission_type: 'percentage', commission_value: 30 },
      },
      recurring_months: 2,
    });
    const key = await secretKey();
    const customer = { id: 'sub-customer' };
    const first = await report(key, {
      conversionRef: 'inv-0',
      via: code,
      eventType: 'subscription_created',
      value: 20,
      customer,
    });
    assert.equal(first.json().conversion.reward_amount, 2);
    const rewards: number[] = [];
    for (let month = 1; month <= 3; month++) {
      t.clock.advance(31 * DAY);
      const res = await report(key, {
        conversionRef: `inv-${month}`,
        eventType: 'subscription_renewal',
        value: 20,
        customer,
      });
      assert.equal(res.statusCode, 201, res.body);
      rewards.push(res.json().conversion.reward_amount);
    }
    // 31 days: inside; 62 days: past 2030-03-01 12:00 (first + 2 months); 93 days: past.
    assert.deepEqual(rewards, [6, 0, 0]);
    const rows = await rowsOf<{ renewal_number: number; r: string }>(
      db.handle.db,
      sql`select renewal_number, reward_amount::text as r from conversions
        where event_type = 'subscription_renewal' order by id`,
    );
    assert.deepEqual(
      rows.map((r) => [r.renewal_number, r.r]),
      [
        [1, '6.000'],
        [2, '0.000'],
        [3, '0.000'],
      ],
    );
  });
});

describe('renewal window arithmetic', () => {
  it('N months are calendar months, the day clamped; the end is exclusive', () => {
    const first = new Date('2030-01-31T10:00:00Z');
    assert.equal(addMonths(first, 1).toISOString(), '2030-02-28T10:00:00.000Z');
    assert.equal(addMonths(first, 12).toISOString(), '2031-01-31T10:00:00.000Z');
    assert.equal(renewalPays(null, first, new Date('2040-01-01T00:00:00Z')), true);
    assert.equal(renewalPays(0, first, new Date('2030-02-01T00:00:00Z')), false);
    assert.equal(renewalPays(1, first, new Date('2030-02-28T09:59:59Z')), true);
    assert.equal(renewalPays(1, first, new Date('2030-02-28T10:00:00Z')), false);
  });
});
