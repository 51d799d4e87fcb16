// "Create payouts" previews first: per advocate and currency the amount and method, who cannot be
// paid and why; confirming the preview creates exactly that, once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { CreatePayoutsReply, PayoutPreviewReply, PayoutSummary } from 'contract';
import {
  actor,
  callApi,
  createCampaignAs,
  createProductAs,
  joinAs,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { rowsOf } from '../../lib/sql.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

/** Approved at once (hold 0, minimum 10): `sale(advocate, currency, reward)` records one. */
async function setUp() {
  const settings = await callApi(t, 'PUT', `brand/${w.brandId}/payout-settings/`, w.owner, {
    hold_days: 0,
    payout_minimum: 10,
  });
  assert.equal(settings.statusCode, 200, settings.body);
  const key = await callApi(t, 'POST', `brand/${w.brandId}/api-keys/`, w.owner, {
    kind: 'secret',
  });
  const secret = key.json<{ secret: string }>().secret;
  const codes = new Map<string, string>();
  const linkOf = async (who: Actor, currency: string) => {
    const k = `${who.id}:${currency}`;
    if (!codes.has(k)) {
      const product = await createProductAs(t, w.owner, w.brandId, { currency });
      const campaign = await createCampaignAs(t, w.owner, w.brandId, {
        product_ids: [product],
        commission_type: 'flat',
        commission_value: 1,
      });
      codes.set(k, (await joinAs(t, who, campaign)).get(product) ?? assert.fail());
    }
    return codes.get(k) ?? assert.fail();
  };
  let n = 0;
  const sale = async (who: Actor, currency: string, reward: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sdk-log-conversion/',
      headers: { authorization: `Bearer ${secret}` },
      payload: {
        conversionRef: `o-${++n}`,
        via: await linkOf(who, currency),
        value: 100,
        currency,
        rewardAmount: reward,
      },
    });
    assert.equal(res.statusCode, 201, res.body);
  };
  return { sale };
}

const addPaypal = async (who: Actor) => {
  const res = await callApi(t, 'POST', 'payout-methods/', who, {
    type: 'paypal',
    paypal_email: 'me@pay.example',
  });
  assert.equal(res.statusCode, 201, res.body);
};

describe('payouts preview, then confirm', () => {
  it('previews per advocate and currency, says who cannot be paid, and confirms once', async () => {
    const { sale } = await setUp();
    const noMethod = await actor(t, db, { roles: ['advocate'] });
    await addPaypal(w.advocate);
    await sale(w.advocate, 'USD', 25);
    await sale(w.advocate, 'EUR', 12.5);
    await sale(w.advocate, 'GBP', 4); // below the minimum
    await sale(noMethod, 'EUR', 30);

    const res = await callApi(t, 'POST', `brand/${w.brandId}/payouts/preview/`, w.owner);
    assert.equal(res.statusCode, 200, res.body);
    const preview = res.json<PayoutPreviewReply>();
    assert.match(preview.preview_id, /^pvw_/);
    assert.deepEqual(preview.totals, [
      { currency: 'EUR', amount: 12.5 },
      { currency: 'USD', amount: 25 },
    ]);
    assert.deepEqual(
      preview.payouts.map((p) => [p.advocate_id, p.currency, p.amount, p.payment_type, p.method]),
      [
        [w.advocate.id, 'EUR', 12.5, 'PayPal', 'me@pay.example'],
        [w.advocate.id, 'USD', 25, 'PayPal', 'me@pay.example'],
      ],
    );
    assert.deepEqual(
      preview.blocked.map((b) => [b.advocate_id, b.currency, b.amount, b.reason, b.message]),
      [
        [noMethod.id, 'EUR', 30, 'no_method', 'No payout method'],
        [w.advocate.id, 'GBP', 4, 'below_minimum', 'Below the payout minimum (10.00 GBP)'],
      ],
    );
    // A preview pays nothing.
    const [{ n }] = await rowsOf<{ n: string }>(
      db.handle.db,
      sql`select count(*) as n from payouts`,
    );
    assert.equal(Number(n), 0);

    // An approval after the preview is not in its payouts: the brand confirms what it saw.
    await sale(w.advocate, 'USD', 100);
    const confirm = await callApi(t, 'POST', `brand/${w.brandId}/payouts/`, w.owner, {
      preview_id: preview.preview_id,
    });
    assert.equal(confirm.statusCode, 201, confirm.body);
    const created = confirm.json<CreatePayoutsReply>();
    assert.equal(created.duplicate, false);
    assert.deepEqual(created.payouts.map((p) => [p.currency, p.amount]).sort(), [
      ['EUR', 12.5],
      ['USD', 25],
    ]);
    const again = await callApi(t, 'POST', `brand/${w.brandId}/payouts/`, w.owner, {
      preview_id: preview.preview_id,
    });
    assert.equal(again.statusCode, 200, again.body);
    const repeated = again.json<CreatePayoutsReply>();
    assert.equal(repeated.duplicate, true);
    assert.deepEqual(
      repeated.payouts.map((p) => p.id).sort(),
      created.payouts.map((p) => p.id).sort(),
    );
    const [{ m }] = await rowsOf<{ m: string }>(
      db.handle.db,
      sql`select count(*) as m from payouts`,
    );
    assert.equal(Number(m), 2, 'confirming twice creates nothing more');

    // The 100.00 approved later waits for the next payout.
    const summary = await callApi(t, 'GET', `brand/${w.brandId}/payouts/summary/`, w.owner);
    assert.deepEqual(summary.json<PayoutSummary>().next_payout.totals, [
      { currency: 'USD', amount: 100 },
    ]);
  });

  it("refuses a stranger's preview and another brand's preview id", async () => {
    await setUp();
    const stranger = await callApi(t, 'POST', `brand/${w.brandId}/payouts/preview/`, w.other);
    assert.equal(stranger.statusCode, 404);
    const advocate = await callApi(t, 'POST', `brand/${w.brandId}/payouts/preview/`, w.advocate);
    assert.equal(advocate.statusCode, 404);
    const mine = await callApi(t, 'POST', `brand/${w.brandId}/payouts/preview/`, w.owner);
    const id = mine.json<PayoutPreviewReply>().preview_id;
    const elsewhere = await callApi(t, 'POST', `brand/${w.otherBrandId}/payouts/`, w.other, {
      preview_id: id,
    });
    assert.equal(elsewhere.statusCode, 400, elsewhere.body);
    assert.deepEqual(Object.keys(elsewhere.json().errors), ['preview_id']);
  });
});
