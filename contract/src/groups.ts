// Advocate groups (tiers) of a brand: each with its own reward rules overriding the campaign's for
// its members, conditional rules (product, customer country, new or returning customer, order
// value range), its own hold period and promotion-code discount text, and an automatic rule that
// moves advocates up and down from their last 90 days. Every advocate of a brand is in exactly one
// group (the brand's default group unless moved).
import { Type, type Static } from 'typebox';
import { Money, NonBlankString, Nullable, RowId } from './common.js';
import { CommissionTypeValue, EventRewards, RewardRule } from './campaigns.js';
import { CurrencyValue } from './products.js';
import { DateTime } from './replies.js';
import { LIMITS } from './rules.js';
import { CUSTOMER_KINDS, GROUP_LIMITS, RULE_FROM } from './group-rules.js';

export * from './group-rules.js';

/**
 * What a conditional rule requires; every condition given must hold (and an empty one holds for
 * every conversion). A condition the conversion has no fact for (no product, no country) fails.
 */
export const RuleConditions = Type.Object(
  {
    product_ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: LIMITS.idMax }), {
        minItems: 1,
        maxItems: GROUP_LIMITS.productIdsMax,
        description: "The conversion's product is one of these (products of the brand)",
      }),
    ),
    countries: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), {
        minItems: 1,
        maxItems: GROUP_LIMITS.countriesMax,
        description:
          "The customer's country (ISO 3166-1 alpha-2) is one of these; a conversion whose reporter gave no country never matches",
      }),
    ),
    customer: Type.Optional(
      // returning: the brand already has a conversion of the same customer; new: it has none
      // (or the customer is unknown).
      Type.Enum(CUSTOMER_KINDS),
    ),
    order_value: Type.Optional(
      Type.Object(
        {
          currency: CurrencyValue,
          min: Type.Optional(Money({ minimum: 0, description: 'At least this value' })),
          max: Type.Optional(Money({ minimum: 0, description: 'At most this value' })),
        },
        {
          additionalProperties: false,
          description:
            'The order value, in this currency, is within the range (a conversion in another currency never matches)',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RuleConditions = Static<typeof RuleConditions>;

/** A reward rule that applies only to the conversions its conditions match. */
export const ConditionalRule = Type.Object(
  {
    conditions: RuleConditions,
    commission_type: CommissionTypeValue,
    commission_value: Money({ minimum: 0, description: 'At least 0; a percentage at most 100' }),
  },
  { additionalProperties: false },
);
export type ConditionalRule = Static<typeof ConditionalRule>;

/**
 * Advocates whose last 90 days reach these thresholds belong in the group (both, when both are
 * given); the groups with a rule form a ladder by rank, and the daily evaluation moves each
 * advocate to the highest rung they reach (down to the default group when they reach none).
 */
export const AutoRule = Type.Object(
  {
    min_conversions: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    min_revenue: Type.Optional(
      Type.Object(
        {
          amount: Money({
            exclusiveMinimum: 0,
            description: 'Revenue net of refunds, in currency',
          }),
          currency: CurrencyValue,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type AutoRule = Static<typeof AutoRule>;

const groupFields = {
  commission_type: Type.Optional(Nullable(CommissionTypeValue)),
  commission_value: Type.Optional(
    Nullable(Money({ minimum: 0, description: 'At least 0; a percentage at most 100' })),
  ),
  event_rewards: Type.Optional(Nullable(EventRewards)),
  reward_rules: Type.Optional(
    Type.Array(ConditionalRule, {
      maxItems: GROUP_LIMITS.rulesMax,
      description: 'Tried in order; the first matching rule pays',
    }),
  ),
  hold_days: Type.Optional(
    Nullable(Type.Integer({ minimum: 0, maximum: 365, description: "null: the brand's hold" })),
  ),
  discount_text: Type.Optional(Nullable(Type.String({ maxLength: GROUP_LIMITS.discountTextMax }))),
  auto_rule: Type.Optional(Nullable(AutoRule)),
  rank: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: GROUP_LIMITS.rankMax,
      description: 'Higher ranks are higher tiers',
    }),
  ),
};

export const GroupParams = Type.Object({ brandId: RowId, groupId: RowId });
export type GroupParams = Static<typeof GroupParams>;

export const CreateGroupBody = Type.Object(
  { name: NonBlankString(GROUP_LIMITS.nameMax), ...groupFields },
  { additionalProperties: false },
);
export type CreateGroupBody = Static<typeof CreateGroupBody>;

export const UpdateGroupBody = Type.Object(
  { name: Type.Optional(NonBlankString(GROUP_LIMITS.nameMax)), ...groupFields },
  { additionalProperties: false },
);
export type UpdateGroupBody = Static<typeof UpdateGroupBody>;

export const GroupView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  is_default: Type.Boolean(),
  commission_type: Nullable(CommissionTypeValue),
  commission_value: Nullable(Type.Number()),
  event_rewards: Nullable(EventRewards),
  reward_rules: Type.Array(ConditionalRule),
  hold_days: Nullable(Type.Integer()),
  discount_text: Nullable(Type.String()),
  auto_rule: Nullable(AutoRule),
  rank: Type.Integer(),
  member_count: Type.Integer(),
  created_at: DateTime(),
  updated_at: DateTime(),
});
export type GroupView = Static<typeof GroupView>;

/** One group, as created or changed. */
export const GroupReply = Type.Object({ group: GroupView });
export type GroupReply = Static<typeof GroupReply>;

export const GroupsReply = Type.Object({ groups: Type.Array(GroupView) });
export type GroupsReply = Static<typeof GroupsReply>;

export const GroupMember = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  email: Type.String(),
  /** When they came into the group; null: in the default group since they joined. */
  moved_at: Nullable(DateTime()),
});
export type GroupMember = Static<typeof GroupMember>;

export const GroupMembersReply = Type.Object({ members: Type.Array(GroupMember) });
export type GroupMembersReply = Static<typeof GroupMembersReply>;

export const MoveMembersBody = Type.Object(
  {
    advocate_ids: Type.Array(Type.Integer({ minimum: 1, maximum: LIMITS.idMax }), {
      minItems: 1,
      maxItems: GROUP_LIMITS.moveMax,
      description: 'Advocates of the brand (who joined one of its campaigns)',
    }),
  },
  { additionalProperties: false },
);
export type MoveMembersBody = Static<typeof MoveMembersBody>;

export const GroupMove = Type.Object({
  advocate_id: Type.Integer(),
  from_group_id: Type.Integer(),
  to_group_id: Type.Integer(),
});
export type GroupMove = Static<typeof GroupMove>;

/** The moves made (advocates already in the group are not moved, nor listed). */
export const GroupMovesReply = Type.Object({ moves: Type.Array(GroupMove) });
export type GroupMovesReply = Static<typeof GroupMovesReply>;

/** An advocate's own group at a campaign's brand, and the rules they earn by there. */
export const MyGroupReply = Type.Object({
  group: Type.Object({ id: Type.Integer(), name: Type.String() }),
  /** The rule of a purchase with no condition matched: the group's, else the campaign's. */
  rule: RewardRule,
  /** Where `rule` comes from. */
  rule_from: Type.Enum(RULE_FROM),
  event_rewards: EventRewards,
  reward_rules: Type.Array(ConditionalRule),
  discount_text: Nullable(Type.String()),
});
export type MyGroupReply = Static<typeof MyGroupReply>;
