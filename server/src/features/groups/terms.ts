// The facts a conversion's reward rule is chosen by (the advocate's group, whether the customer is
// returning), gathered for conversions/resolve-rule's resolveRule. Called by every path that
// records a conversion (the SDK route, the billing providers), so all pay by the same rules.
import { sql } from 'drizzle-orm';
import type { CampaignRewardRules, ResolvedRule } from '../conversions/index.js';
import { resolveRule } from '../conversions/index.js';
import type { EventType } from '../../db/schema.js';
import { rowsOf, type Tx } from '../../lib/sql.js';
import { advocateGroup } from './repository.js';

export interface ConversionFacts {
  brandId: number;
  advocateId: number;
  campaign: CampaignRewardRules;
  eventType: EventType;
  productId: number | null;
  country: string | null;
  customerKey: string | null;
  value: number;
  currency: string;
}

export interface RewardTerms {
  rule: ResolvedRule;
  /** The group's hold period for the reward (null: the brand's). */
  holdDays: number | null;
  groupId: number | null;
}

/** The rule and hold period of a conversion about to be recorded. */
export async function rewardTerms(db: Tx, facts: ConversionFacts): Promise<RewardTerms> {
  const [group, returning] = await Promise.all([
    advocateGroup(db, facts.brandId, facts.advocateId),
    facts.customerKey === null
      ? false
      : rowsOf<{ seen: boolean }>(
          db,
          sql`select exists (select 1 from conversions where brand_id = ${facts.brandId}::integer
            and customer_key = ${facts.customerKey}::varchar) as seen`,
        ).then((rows) => rows[0]?.seen === true),
  ]);
  const rule = resolveRule({
    campaign: facts.campaign,
    group: group ?? null,
    eventType: facts.eventType,
    order: {
      productId: facts.productId,
      country: facts.country,
      returning,
      value: facts.value,
      currency: facts.currency,
    },
  });
  return { rule, holdDays: group?.holdDays ?? null, groupId: group?.id ?? null };
}
