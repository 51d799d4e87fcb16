// GET brand/{id}/payout-settings/ says whether the brand ever saved its settings: the setup
// checklist ticks "payout settings" once saved, whatever the values (the defaults included).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PayoutSettingsReply } from 'contract';
import { withBrandWorld, type BrandWorld, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ t, w } = world));

const read = async () =>
  (
    await t.call<PayoutSettingsReply>('GET', `brand/${w.brandId}/payout-settings/`, {
      as: w.owner,
    })
  ).json();

describe('payout settings saved_at', () => {
  it('is null until saved, then set even when the saved values are the defaults', async () => {
    assert.deepEqual(await read(), { hold_days: 30, payout_minimum: 10, saved_at: null });
    const saved = await t.call('PUT', `brand/${w.brandId}/payout-settings/`, {
      as: w.owner,
      body: { hold_days: 30, payout_minimum: 10 },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(await read(), {
      hold_days: 30,
      payout_minimum: 10,
      saved_at: t.clock().toISOString(),
    });
  });
});
