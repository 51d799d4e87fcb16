// Which rule pays a conversion, before rewards.ts's ruleReward computes the amount: the advocate's
// group's first matching conditional rule, else the group's own rule (its event_rewards entry,
// else its commission), else the campaign's (eventRule). Pure: the caller gathers the facts
// (features/groups' rewardTerms), so the property test can compare it with a brute force.
import type {
  CommissionType,
  EventRewardRules,
  EventType,
  GroupRewardRule,
} from '../../db/schema.js';
import { eventRule, type CampaignRewardRules } from './rewards.js';

/** A group's reward rules (features/groups), as resolveRule reads them. */
export interface GroupRewardRules {
  commissionType: CommissionType | null;
  commissionValue: number | null;
  eventRewards: EventRewardRules | null;
  rewardRules: readonly GroupRewardRule[];
}

/** What the conditions of a rule are tested on. */
export interface OrderFacts {
  productId: number | null;
  /** ISO 3166-1 alpha-2 as the reporter gave it; null when it gave none. */
  country: string | null;
  /** The brand already has a conversion of this customer. */
  returning: boolean;
  value: number;
  currency: string;
}

export interface RuleContext {
  campaign: CampaignRewardRules;
  /** The advocate's group; null when none applies. */
  group: GroupRewardRules | null;
  eventType: EventType;
  order: OrderFacts;
}

export interface ResolvedRule {
  commissionType: CommissionType;
  commissionValue: number;
  /** Where it came from: a conditional rule (its index), the group's own, or the campaign's. */
  from: { kind: 'condition'; index: number } | { kind: 'group' } | { kind: 'campaign' };
}

/** Whether every condition of `conditions` holds for `order` (an empty set holds always). */
export function conditionsHold(
  conditions: GroupRewardRule['conditions'],
  order: OrderFacts,
): boolean {
  if (conditions.product_ids !== undefined) {
    if (order.productId === null || !conditions.product_ids.includes(order.productId)) return false;
  }
  if (conditions.countries !== undefined) {
    const country = order.country?.toUpperCase();
    if (!country || !conditions.countries.includes(country)) return false;
  }
  if (conditions.customer !== undefined) {
    if ((conditions.customer === 'returning') !== order.returning) return false;
  }
  const range = conditions.order_value;
  if (range !== undefined) {
    // A range is in one currency: another currency's value is not comparable with it.
    if (range.currency !== order.currency) return false;
    if (range.min !== undefined && order.value < range.min) return false;
    if (range.max !== undefined && order.value > range.max) return false;
  }
  return true;
}

/** The rule that pays the conversion of `context` (see the file's head for the order). */
export function resolveRule(context: RuleContext): ResolvedRule {
  const { group } = context;
  if (group) {
    const index = group.rewardRules.findIndex((rule) =>
      conditionsHold(rule.conditions, context.order),
    );
    if (index >= 0) {
      const rule = group.rewardRules[index];
      return {
        commissionType: rule.commission_type,
        commissionValue: rule.commission_value,
        from: { kind: 'condition', index },
      };
    }
    const byEvent = group.eventRewards?.[context.eventType];
    if (byEvent)
      return {
        commissionType: byEvent.commission_type,
        commissionValue: byEvent.commission_value,
        from: { kind: 'group' },
      };
    if (group.commissionType !== null && group.commissionValue !== null)
      return {
        commissionType: group.commissionType,
        commissionValue: group.commissionValue,
        from: { kind: 'group' },
      };
  }
  return { ...eventRule(context.campaign, context.eventType), from: { kind: 'campaign' } };
}
