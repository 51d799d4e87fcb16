// Advocate groups' plain values and rules (no TypeBox, so browser code imports this module at run
// time: `contract/group-rules`): the form and the server check a group with the same function.
import { LIMITS } from './rules.js';

export const CUSTOMER_KINDS = ['new', 'returning'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** How an advocate came to their group (the event and the audit entry say it). */
export const GROUP_MOVE_HOWS = ['manual', 'automatic', 'group_deleted', 'approved'] as const;
export type GroupMoveHow = (typeof GROUP_MOVE_HOWS)[number];

export const RULE_FROM = ['group', 'campaign'] as const;

export const GROUP_LIMITS = {
  nameMax: 100,
  discountTextMax: 200,
  rulesMax: 20,
  productIdsMax: 100,
  countriesMax: 50,
  moveMax: 500,
  rankMax: 1000,
  /** The automatic rules read the advocate's activity of this many days. */
  activityDays: 90,
} as const;

/** A conditional rule as the rules below read it (contract ConditionalRule). */
export interface PlainConditionalRule {
  conditions: {
    product_ids?: number[];
    countries?: string[];
    customer?: (typeof CUSTOMER_KINDS)[number];
    order_value?: { currency: string; min?: number; max?: number };
  };
  commission_type: 'percentage' | 'flat';
  commission_value: number;
}

/** An automatic rule as the rules below read it (contract AutoRule). */
export interface PlainAutoRule {
  min_conversions?: number;
  min_revenue?: { amount: number; currency: string };
}

const PERCENTAGE_TOO_HIGH = `must be at most ${LIMITS.percentageRewardMax} for a percentage`;

/** The rules of a group that span fields, one message per field (form and server alike). */
export function groupRuleProblems(g: {
  commission_type?: 'percentage' | 'flat' | null;
  commission_value?: number | null;
  event_rewards?: Partial<
    Record<string, { commission_type: 'percentage' | 'flat'; commission_value: number }>
  > | null;
  reward_rules?: readonly PlainConditionalRule[];
  auto_rule?: PlainAutoRule | null;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  const tooHigh = (type: 'percentage' | 'flat', value: number) =>
    type === 'percentage' && value > LIMITS.percentageRewardMax;
  const typed = g.commission_type !== undefined && g.commission_type !== null;
  const valued = g.commission_value !== undefined && g.commission_value !== null;
  if (typed !== valued)
    problems[typed ? 'commission_value' : 'commission_type'] =
      "Give both the commission type and value, or neither (the campaign's rule)";
  else if (typed && valued && tooHigh(g.commission_type!, g.commission_value!))
    problems.commission_value = PERCENTAGE_TOO_HIGH;
  for (const [eventType, rule] of Object.entries(g.event_rewards ?? {}))
    if (rule && tooHigh(rule.commission_type, rule.commission_value))
      problems[`event_rewards.${eventType}.commission_value`] = PERCENTAGE_TOO_HIGH;
  (g.reward_rules ?? []).forEach((rule, i) => {
    if (tooHigh(rule.commission_type, rule.commission_value))
      problems[`reward_rules.${i}.commission_value`] = PERCENTAGE_TOO_HIGH;
    const range = rule.conditions.order_value;
    if (range && range.min !== undefined && range.max !== undefined && range.min > range.max)
      problems[`reward_rules.${i}.conditions.order_value`] = 'The minimum is above the maximum';
    if (range && range.min === undefined && range.max === undefined)
      problems[`reward_rules.${i}.conditions.order_value`] = 'Give a minimum, a maximum or both';
  });
  if (g.auto_rule && g.auto_rule.min_conversions === undefined && !g.auto_rule.min_revenue)
    problems.auto_rule = 'Give a number of conversions, a revenue or both';
  return problems;
}
