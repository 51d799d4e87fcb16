// The advocate's Earnings helps them get paid: why an entry was rejected, and their payouts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AdvocatePayoutListReply, EarningsListReply } from 'contract';
import {
  callApi,
  createCampaignAs,
  createProductAs,
  joinAs,
  type BrandWorld,
  type TestApp,
  withBrandWorld,
} from '../../test/helpers.js';

let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ t, w } = world));

describe("the advocate's earnings", () => {
  it('gives the reason of each rejected entry and lists their payouts with status', async () => {
    const settings = await callApi(t, 'PUT', `brand/${w.brandId}/payout-settings/`, w.owner, {
      hold_days: 0,
      payout_minimum: 1,
    });
    assert.equal(settings.statusCode, 200, settings.body);
    const product = await createProductAs(t, w.owner, w.brandId);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, {
      product_ids: [product],
      commission_type: 'flat',
      commission_value: 6,
    });
    const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail();
    const key = await callApi(t, 'POST', `brand/${w.brandId}/api-keys/`, w.owner, {
      kind: 'secret',
    });
    const report = async (ref: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sdk-log-conversion/',
        headers: { authorization: `Bearer ${key.json<{ secret: string }>().secret}` },
        payload: { conversionRef: ref, via: code, value: 100 },
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json<{ conversion: { id: number } }>().conversion.id;
    };
    const bad = await report('bad');
    const reject = await callApi(t, 'POST', `brand/${w.brandId}/review/`, w.owner, {
      action: 'reject',
      conversion_ids: [bad],
      reason: 'Order returned',
    });
    assert.equal(reject.statusCode, 200, reject.body);
    await report('good');
    const method = await callApi(t, 'POST', 'payout-methods/', w.advocate, {
      type: 'paypal',
      paypal_email: 'ada@pay.example',
    });
    assert.equal(method.statusCode, 201, method.body);
    const paid = await callApi(t, 'POST', `brand/${w.brandId}/payouts/`, w.owner);
    assert.equal(paid.statusCode, 201, paid.body);

    const entries = await callApi(t, 'GET', 'advocates/earnings/transactions/', w.advocate);
    assert.deepEqual(
      entries
        .json<EarningsListReply>()
        .results.map((e) => [e.conversion_ref, e.status, e.rejection_reason]),
      [
        ['good', 'paid', null],
        ['bad', 'rejected', 'Order returned'],
      ],
    );

    const payouts = await callApi(t, 'GET', 'advocates/payouts/', w.advocate);
    assert.equal(payouts.statusCode, 200, payouts.body);
    const list = payouts.json<AdvocatePayoutListReply>();
    assert.deepEqual(
      list.results.map((p) => [p.brand_name, p.amount, p.currency, p.status, p.payment_type]),
      [['Owner Brand', 6, 'USD', 'pending', 'PayPal']],
    );
    assert.equal(list.results[0].method, 'ada@pay.example');
    // Nobody else's.
    const other = await callApi(t, 'GET', 'advocates/payouts/', w.other);
    assert.equal(other.json<AdvocatePayoutListReply>().meta.total, 0);
    const anonymous = await callApi(t, 'GET', 'advocates/payouts/', undefined);
    assert.equal(anonymous.statusCode, 401);
  });
});
