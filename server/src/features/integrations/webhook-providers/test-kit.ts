// What the Paddle, Lemon Squeezy and Shopify server tests share: a campaign joined by the
// advocate with a real click (its cid), the conversions and ledger as stored, a payout that pays
// the advocate, and the brute-force reward arithmetic every sum is compared with.
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { WebhookProvider } from 'contract';
import { rowsOf } from '../../../lib/sql.js';
import {
  createCampaignAs,
  createProductAs,
  joinAs,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../../test/helpers.js';
import { savePayoutSettings } from '../../ledger/index.js';
import { addMethod } from '../../payout-methods/repository.js';
import { createPayouts } from '../../payouts/repository.js';

export interface ConversionRecord {
  id: number;
  event_type: string;
  conversion_ref: string;
  value: string;
  currency: string;
  reward_amount: string;
  status: string;
  reported_with: string;
  renewal_number: number | null;
  advocate_id: number;
}

export interface Reply {
  duplicate: boolean;
  outcome: string;
  detail: string;
}

/** Round half up of a / b for non-negative integers (the ledger's rounding of cents). */
export const divRound = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));
/** `percent`% of `cents`, rounded half up to the cent. */
export const percentOf = (cents: number, percent: number) => divRound(cents * percent, 100);
/** The reward kept after `refunded` of `value` was refunded (the unrefunded share, half up). */
export const keptReward = (reward: number, value: number, refunded: number) =>
  refunded >= value ? 0 : divRound(reward * (value - refunded), value);

export function providerTestKit(world: () => { db: TestDatabase; t: TestApp; w: BrandWorld }) {
  const q = <Row>(query: ReturnType<typeof sql>) => rowsOf<Row>(world().db.handle.db, query);

  async function click(code: string): Promise<string> {
    const res = await world().t.app.inject({
      method: 'GET',
      url: `/r/${code}`,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/124' },
    });
    return new URL(String(res.headers.location)).searchParams.get('cid') ?? assert.fail('no cid');
  }

  return {
    click,

    /** A campaign (10% unless `fields` say otherwise) joined by the advocate; a click gives its cid. */
    async campaignWithClick(fields: Record<string, unknown> = {}) {
      const { t, w } = world();
      const product = await createProductAs(t, w.owner, w.brandId);
      const campaign = await createCampaignAs(t, w.owner, w.brandId, {
        product_ids: [product],
        commission_type: 'percentage',
        commission_value: 10,
        ...fields,
      });
      const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
      return { campaign, code, cid: await click(code) };
    },

    /** Connects `provider` with `secret` as the owner; the endpoint URL. */
    async connect(provider: WebhookProvider, secret: string): Promise<string> {
      const { t, w } = world();
      const res = await t.call<{ endpoint_url: string }>(
        'PUT',
        `brand/${w.brandId}/integrations/${provider}/`,
        { as: w.owner, body: { webhook_secret: secret } },
      );
      assert.equal(res.statusCode, 200, res.body);
      return res.json().endpoint_url;
    },

    conversionsNow: () =>
      q<ConversionRecord>(
        sql`select id, event_type, conversion_ref, value::text, currency, reward_amount::text, status,
          reported_with, renewal_number, advocate_id from conversions order by id`,
      ),

    ledgerNow: () =>
      q<{ kind: string; amount: string; status: string; currency: string }>(
        sql`select kind, amount::text, status, currency from rewards order by id`,
      ),

    /** The advocate's net ledger per currency, in cents: rewards not rejected plus clawbacks. */
    async netCents(): Promise<Record<string, number>> {
      const net: Record<string, number> = {};
      const rows = await q<{ amount: string; status: string; currency: string }>(
        sql`select amount::text, status, currency from rewards order by id`,
      );
      for (const r of rows)
        if (r.status !== 'rejected')
          net[r.currency] = (net[r.currency] ?? 0) + Math.round(Number(r.amount) * 100);
      return net;
    },

    async eventCount(provider: WebhookProvider): Promise<number> {
      const [row] = await q<{ n: string | number }>(
        sql`select count(*) as n from billing_events where provider = ${provider}`,
      );
      return Number(row?.n ?? 0);
    },

    /** Rewards approve on arrival (hold 0) and the advocate has a payout method. */
    async payImmediately() {
      const { db, t, w } = world();
      await savePayoutSettings(
        db.handle.db,
        w.brandId,
        { holdDays: 0, payoutMinimum: 1 },
        t.clock(),
      );
      await addMethod(
        db.handle.db,
        w.advocate.id,
        {
          type: 'paypal',
          paypalEmail: 'adv@pay.example',
          accountHolder: null,
          bankName: null,
          accountNumber: null,
          bankCode: null,
          bankCountry: null,
        },
        true,
        t.clock(),
      );
    },

    /** Pays every approved reward out. */
    async payOut() {
      const { db, t, w } = world();
      await createPayouts(db.handle.db, w.brandId, w.owner.id, t.clock());
    },
  };
}
