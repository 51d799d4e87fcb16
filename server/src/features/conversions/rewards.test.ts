// Rewards rounded half up to the currency's minor unit (issue 34 item 7), in thousandths, against
// a brute force.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isMoneyAmount, isWholeMills, minorUnitProblem, moneyText } from 'contract';
import { fromMills, millsText, ruleReward, toMills } from './rewards.js';

const percent = (value: number, pct: number, currency: string) =>
  ruleReward({ commissionType: 'percentage', commissionValue: pct }, value, currency);

/** value × pct / 100 rounded half up to `decimals`, by decimal string arithmetic (no bigint maths). */
function bruteForce(valueText: string, pctText: string, decimals: number): string {
  // Both as integers of thousandths, multiplied digit by digit as numbers small enough to be exact.
  const v = Math.round(Number(valueText) * 1000);
  const p = Math.round(Number(pctText) * 1000);
  const exactPer1e8 = v * p; // value × pct in 10^-6 units of currency × percent; / 100 → 10^-8 units
  const unitPer1e8 = 10 ** (8 - decimals);
  const whole = Math.floor((exactPer1e8 + unitPer1e8 / 2) / unitPer1e8);
  return (whole / 10 ** decimals).toFixed(decimals);
}

describe('rewards in the currency minor unit', () => {
  it('JPY 999 at 10% earns 100 JPY; KWD 12.345 at 10% earns 1.235; USD keeps the cent', () => {
    assert.equal(percent(999, 10, 'JPY'), 100_000n);
    assert.equal(fromMills(percent(999, 10, 'JPY')), 100);
    assert.equal(percent(999, 10, 'USD'), 99_900n);
    assert.equal(percent(9.99, 5, 'usd'), 500n); // 0.4995 → 0.50
    assert.equal(percent(12.25, 10, 'USD'), 1_230n); // 1.225 → 1.23
    assert.equal(percent(12.345, 10, 'KWD'), 1_235n); // 1.2345 → 1.235
    assert.equal(millsText(percent(12.345, 10, 'KWD')), '1.235');
    assert.equal(percent(0.125, 10, 'KWD'), 13n); // 0.0125 → 0.013
    assert.equal(percent(0.124, 10, 'KWD'), 12n); // 0.0124 → 0.012
    assert.equal(percent(12.345, 10, 'BHD'), 1_235n);
    assert.equal(ruleReward({ commissionType: 'flat', commissionValue: 5.5 }, 999, 'JPY'), 6_000n);
    assert.equal(ruleReward({ commissionType: 'flat', commissionValue: 2.345 }, 1, 'KWD'), 2_345n);
    assert.equal(ruleReward({ commissionType: 'flat', commissionValue: 2.345 }, 1, 'USD'), 2_350n);
  });

  it('every value agrees with a brute force in JPY, USD and KWD', () => {
    for (const [currency, decimals, step] of [
      ['JPY', 0, 7],
      ['USD', 2, 0.07],
      ['KWD', 3, 0.007],
    ] as const)
      for (let i = 0; i <= 300; i++) {
        const value = Number((i * step).toFixed(decimals));
        for (const pct of ['1', '2.5', '10', '12.35', '33.33']) {
          const want = bruteForce(String(value), pct, decimals);
          const got = moneyText(millsText(percent(value, Number(pct), currency)), currency);
          assert.equal(got, want, `${value} ${currency} at ${pct}%`);
        }
      }
  });

  it('thousandths read decimal text exactly and numbers without their binary noise', () => {
    assert.equal(toMills('12.345'), 12_345n);
    assert.equal(toMills(19.99 * 3), 59_970n);
    assert.equal(toMills('-0.5'), -500n);
    assert.equal(millsText(-500n), '-0.500');
    assert.equal(moneyText('12.345', 'KWD'), '12.345');
    assert.equal(moneyText(100, 'JPY'), '100');
    assert.equal(moneyText(12.5, 'USD'), '12.50');
  });

  it('whole thousandths up to the largest amount: noise tolerated, a fourth decimal refused', () => {
    assert.ok(isMoneyAmount(9_999_999_999.99) && isMoneyAmount(19.99 * 3));
    assert.ok(!isMoneyAmount(12.3456) && !isMoneyAmount(1e-320));
    // Every three-decimal amount of every size is whole thousandths, half a thousandth off is not.
    for (let i = 0; i < 20_000; i++) {
      const whole = Math.floor(((i * 7_919) % 10_000) * 10 ** (i % 11));
      const text = `${whole % 9_999_999_999}.${String((i * 37) % 1000).padStart(3, '0')}`;
      assert.ok(isWholeMills(Number(text)), text);
      assert.ok(!isWholeMills(Number(`${text}5`)), `${text}5`);
    }
    assert.equal(minorUnitProblem(9_999_999_999.99, 'USD'), null);
    assert.equal(minorUnitProblem('12.345', 'KWD'), null);
    assert.equal(
      minorUnitProblem(99.5, 'JPY'),
      'must be a whole amount in JPY (it has no decimals)',
    );
  });
});
