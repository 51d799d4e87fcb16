// Reward amounts in integer cents (no binary floating point on money).
import { currencyDecimals } from 'contract';
import type { CommissionType, EventRewardRules, EventType } from '../../db/schema.js';

export const toCents = (amount: number): bigint => BigInt(Math.round(amount * 100));
export const fromCents = (cents: bigint): number => Number(cents) / 100;
/** Cents as a numeric literal for SQL ("12.30"), exact at any size. */
export const centsText = (cents: bigint): string => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** An amount less its refunded part (numeric text or numbers, exact to the cent): a sale net of refunds. */
export const netAmount = (amount: string | number, refunded: string | number): number =>
  fromCents(toCents(Number(amount)) - toCents(Number(refunded)));

/**
 * Hundredths per minor unit of `currency`: 100 for a zero-decimal currency (JPY pays whole yen),
 * else 1 (a three-decimal currency's thousandths are below what the ledger keeps).
 */
const centsPerMinorUnit = (currency: string | undefined): bigint =>
  currency !== undefined && currencyDecimals(currency) === 0 ? 100n : 1n;

/**
 * The campaign's rule applied to a conversion value: a percentage or a flat amount, rounded half
 * up to the currency's minor unit (JPY 999 at 10% earns 100 JPY, not 99.90, which no one can pay).
 */
export function ruleReward(
  rule: { commissionType: CommissionType; commissionValue: number },
  value: number,
  currency?: string,
): bigint {
  const unit = centsPerMinorUnit(currency);
  if (rule.commissionType === 'flat') {
    const flat = toCents(rule.commissionValue);
    return ((flat * 2n + unit) / (2n * unit)) * unit;
  }
  // value in cents × percentage in hundredths of a percent / 10000, rounded half up once to the
  // minor unit; BigInt because 10^12 cents × 10^4 exceeds 2^53.
  const product = toCents(value) * toCents(rule.commissionValue);
  const divisor = 10000n * unit;
  return ((product * 2n + divisor) / (2n * divisor)) * unit;
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
  currency?: string,
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
