// Reward amounts in whole thousandths (bigint, contract/currency's money maths: no binary
// floating point on money, and KWD's third decimal kept), rounded to the currency's minor unit.
import { divideHalfUp, fromMills, millsPerMinorUnit, millsText, toMills } from 'contract';
import type { CommissionType, EventRewardRules, EventType } from '../../db/schema.js';

export { fromMills, millsText, toMills };

/** An amount less its refunded part (numeric text or numbers, exact): a sale net of refunds. */
export const netAmount = (amount: string | number, refunded: string | number): number =>
  fromMills(toMills(amount) - toMills(refunded));

/**
 * The campaign's rule applied to a conversion value in `currency`: a percentage or a flat amount,
 * rounded half up to the currency's minor unit (JPY 999 at 10% earns 100 JPY, not 99.90, which
 * no one can pay; KWD 12.345 at 10% earns 1.235). In thousandths.
 */
export function ruleReward(
  rule: { commissionType: CommissionType; commissionValue: number },
  value: number,
  currency: string,
): bigint {
  const unit = millsPerMinorUnit(currency);
  if (rule.commissionType === 'flat')
    return divideHalfUp(toMills(rule.commissionValue), unit) * unit;
  // value and percentage in thousandths: value × pct / 100 is their product / 10^5, rounded half
  // up once to the minor unit; bigint because 10^15 × 10^5 exceeds 2^53.
  const product = toMills(value) * toMills(rule.commissionValue);
  return divideHalfUp(product, 100_000n * unit) * unit;
}

/** A campaign's reward rules: the one rule, and the per event type overrides (event_rewards). */
export interface CampaignRewardRules {
  commissionType: CommissionType;
  commissionValue: number;
  eventRewards?: EventRewardRules | null;
}

/** The rule that pays `eventType`: its event_rewards entry, else the campaign's rule. */
export function eventRule(
  campaign: CampaignRewardRules,
  eventType: EventType,
): { commissionType: CommissionType; commissionValue: number } {
  const override = campaign.eventRewards?.[eventType];
  return override
    ? { commissionType: override.commission_type, commissionValue: override.commission_value }
    : { commissionType: campaign.commissionType, commissionValue: campaign.commissionValue };
}

/** The reward for a conversion of `eventType` and `value` under the campaign's rules. */
export const eventReward = (
  campaign: CampaignRewardRules,
  eventType: EventType,
  value: number,
  currency: string,
): bigint => ruleReward(eventRule(campaign, eventType), value, currency);

/** `date` + `months` calendar months (UTC), the day clamped to the target month's last day. */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/**
 * Whether a renewal paid at `paidAt` earns a reward under the campaign's recurring_months: null
 * pays every renewal, 0 none, N those paid before the customer's first payment + N months (so
 * 12 pays a year of a monthly plan: the first payment and 11 renewals). A customer whose first
 * payment is unknown (never seen) is paid as under null: nothing says the window has passed.
 */
export function renewalPays(
  recurringMonths: number | null,
  firstPaidAt: Date | null,
  paidAt: Date,
): boolean {
  if (recurringMonths === null) return true;
  if (recurringMonths === 0) return false;
  if (!firstPaidAt) return true;
  return paidAt.getTime() < addMonths(firstPaidAt, recurringMonths).getTime();
}
