// Rewards rounded half up to the currency's minor unit (issue 34 item 7), against a brute force.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ruleReward } from './rewards.js';

describe('rewards in the currency minor unit', () => {
  it('JPY 999 at 10% earns 100 JPY; two-decimal currencies keep the cent; every value agrees with a brute force', () => {
    const percent = (value: number, pct: number, currency?: string) =>
      ruleReward({ commissionType: 'percentage', commissionValue: pct }, value, currency);
    assert.equal(percent(999, 10, 'JPY'), 10000n);
    assert.equal(percent(999, 10, 'USD'), 9990n);
    assert.equal(percent(9.99, 5, 'usd'), 50n);
    assert.equal(ruleReward({ commissionType: 'flat', commissionValue: 5.5 }, 999, 'JPY'), 600n);
    // Brute force over whole-yen sales and percentages with two decimals: round(value × pct / 100).
    for (let yen = 0; yen <= 2000; yen += 7)
      for (const pct of [1, 2.5, 10, 12.35, 33.33]) {
        const exact = (yen * Math.round(pct * 100)) / 10000; // yen × pct / 100
        const whole = Math.floor(exact + 0.5 + 1e-9);
        assert.equal(percent(yen, pct, 'JPY'), BigInt(whole * 100), `${yen} JPY at ${pct}%`);
      }
  });
});
