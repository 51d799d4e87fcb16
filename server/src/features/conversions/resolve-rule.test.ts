// Rewards by condition against a brute force: random campaigns, groups, conditional rules and
// orders (a seeded generator, so a failure replays), each reward computed by resolveRule +
// ruleReward and by a separate evaluation that lists every rule that could pay, ranks them and
// does the money in integer cents from the decimal text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CommissionType, EventType, GroupRewardRule } from '../../db/schema.js';
import { resolveRule, type GroupRewardRules, type OrderFacts } from './resolve-rule.js';
import { eventReward, ruleReward, type CampaignRewardRules } from './rewards.js';

/** mulberry32: a small seeded generator (the same seed gives the same cases). */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(values: readonly T[]): T => values[int(0, values.length - 1)];
  const chance = (p: number) => next() < p;
  return { int, pick, chance };
}

const EVENT_TYPES: EventType[] = [
  'purchase',
  'signup',
  'subscription_created',
  'subscription_renewal',
];
const CURRENCIES = ['USD', 'EUR', 'GBP', 'NGN'];
const COUNTRIES = ['FR', 'DE', 'US', 'NG', 'GB'];
const PRODUCTS = [1, 2, 3, 4];

type Rand = ReturnType<typeof seeded>;

/** An amount with two decimals, as the API takes it. */
const amount = (r: Rand, max: number) => r.int(0, max * 100) / 100;
const rule = (r: Rand): { commission_type: CommissionType; commission_value: number } =>
  r.chance(0.5)
    ? { commission_type: 'percentage', commission_value: amount(r, 100) }
    : { commission_type: 'flat', commission_value: amount(r, 50) };

function randomRules(r: Rand): GroupRewardRule[] {
  return Array.from({ length: r.int(0, 4) }, () => {
    const conditions: GroupRewardRule['conditions'] = {};
    if (r.chance(0.4)) conditions.product_ids = PRODUCTS.filter(() => r.chance(0.5));
    if (conditions.product_ids?.length === 0) delete conditions.product_ids;
    if (r.chance(0.4)) conditions.countries = [r.pick(COUNTRIES), r.pick(COUNTRIES)];
    if (r.chance(0.3)) conditions.customer = r.pick(['new', 'returning'] as const);
    if (r.chance(0.4)) {
      const lo = amount(r, 300);
      conditions.order_value = {
        currency: r.pick(CURRENCIES) as 'USD',
        ...(r.chance(0.7) ? { min: lo } : {}),
        ...(r.chance(0.7) ? { max: lo + amount(r, 300) } : {}),
      };
    }
    return { conditions, ...rule(r) };
  });
}

function randomCase(r: Rand) {
  const campaign: CampaignRewardRules = {
    ...(() => {
      const x = rule(r);
      return { commissionType: x.commission_type, commissionValue: x.commission_value };
    })(),
    eventRewards: r.chance(0.5) ? { [r.pick(EVENT_TYPES)]: rule(r) } : null,
  };
  const own = r.chance(0.5) ? rule(r) : null;
  const group: GroupRewardRules | null = r.chance(0.2)
    ? null
    : {
        commissionType: own?.commission_type ?? null,
        commissionValue: own?.commission_value ?? null,
        eventRewards: r.chance(0.4) ? { [r.pick(EVENT_TYPES)]: rule(r) } : null,
        rewardRules: randomRules(r),
      };
  const order: OrderFacts = {
    productId: r.chance(0.2) ? null : r.pick(PRODUCTS),
    country: r.chance(0.2) ? null : r.pick([...COUNTRIES, 'fr']),
    returning: r.chance(0.5),
    value: r.chance(0.1) ? 0 : amount(r, 700),
    currency: r.pick(CURRENCIES),
  };
  return { campaign, group, order, eventType: r.pick(EVENT_TYPES) };
}

/** Whole cents of a two-decimal amount, read from its decimal text (no float arithmetic). */
function cents(value: number): bigint {
  const [whole, frac = ''] = value.toFixed(2).split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
}

/** Every rule that could pay, each with its rank (lower wins), by an independent reading. */
function bruteRule(c: ReturnType<typeof randomCase>) {
  const candidates: { rank: number; type: CommissionType; value: number }[] = [];
  const { group, order } = c;
  if (group) {
    group.rewardRules.forEach((r, i) => {
      const k = r.conditions;
      const checks = [
        k.product_ids === undefined ||
          (order.productId !== null && new Set(k.product_ids).has(order.productId)),
        k.countries === undefined ||
          (order.country !== null && k.countries.some((x) => x === order.country!.toUpperCase())),
        k.customer === undefined ||
          (k.customer === 'returning' ? order.returning : !order.returning),
        k.order_value === undefined ||
          (k.order_value.currency === order.currency &&
            (k.order_value.min === undefined || cents(order.value) >= cents(k.order_value.min)) &&
            (k.order_value.max === undefined || cents(order.value) <= cents(k.order_value.max))),
      ];
      if (checks.every(Boolean))
        candidates.push({ rank: i, type: r.commission_type, value: r.commission_value });
    });
    const byEvent = group.eventRewards?.[c.eventType];
    if (byEvent)
      candidates.push({
        rank: 100,
        type: byEvent.commission_type,
        value: byEvent.commission_value,
      });
    if (group.commissionType !== null && group.commissionValue !== null)
      candidates.push({ rank: 101, type: group.commissionType, value: group.commissionValue });
  }
  const campaignEvent = c.campaign.eventRewards?.[c.eventType];
  if (campaignEvent)
    candidates.push({
      rank: 200,
      type: campaignEvent.commission_type,
      value: campaignEvent.commission_value,
    });
  candidates.push({
    rank: 201,
    type: c.campaign.commissionType,
    value: c.campaign.commissionValue,
  });
  return candidates.sort((a, b) => a.rank - b.rank)[0];
}

/** The reward in cents: flat as is; a percentage of the value rounded half up to the cent. */
function bruteCents(type: CommissionType, ruleValue: number, value: number): bigint {
  if (type === 'flat') return cents(ruleValue);
  const product = cents(value) * cents(ruleValue); // hundredths × hundredths of a percent
  return (product * 2n + 10_000n) / 20_000n;
}

describe('rewards by condition', () => {
  it('resolveRule + ruleReward equal the brute force over 5,000 random rules and orders', () => {
    const r = seeded(36_2026);
    // ruleReward's unit per cent (its smallest unit may be finer than a cent): one currency unit.
    const perUnit = ruleReward({ commissionType: 'flat', commissionValue: 1 }, 0, 'USD');
    const seen = { condition: 0, group: 0, campaign: 0 };
    for (let n = 0; n < 5_000; n++) {
      const c = randomCase(r);
      const resolved = resolveRule(c);
      seen[resolved.from.kind] += 1;
      const expected = bruteRule(c);
      const label = `case ${n}: ${JSON.stringify(c)}`;
      assert.deepEqual(
        { type: resolved.commissionType, value: resolved.commissionValue },
        { type: expected.type, value: expected.value },
        label,
      );
      const paid = eventReward(resolved, c.eventType, c.order.value, c.order.currency);
      assert.equal(
        paid,
        (bruteCents(expected.type, expected.value, c.order.value) * perUnit) / 100n,
        label,
      );
    }
    // The cases reach every branch, not only the campaign's rule.
    assert.ok(
      seen.condition > 500 && seen.group > 500 && seen.campaign > 500,
      JSON.stringify(seen),
    );
  });
});
