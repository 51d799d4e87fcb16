// Campaigns: a brand's list, every active campaign, one campaign, create, update, delete.
import { Type, type Static, type TSchema } from 'typebox';
import { HttpUrl, IdInput, Money, Nullable } from './common.js';
import { DateTime, NullableString, SuccessReply } from './replies.js';
import { CAMPAIGN_STATUSES, COMMISSION_TYPES, EVENT_TYPES, JOIN_MODES, LIMITS } from './rules.js';

export const CampaignStatusValue = Type.Enum(CAMPAIGN_STATUSES);
export const CommissionTypeValue = Type.Enum(COMMISSION_TYPES);
export const JoinModeValue = Type.Enum(JOIN_MODES, {
  description:
    'open (default): advocates join at once; application: joining applies and waits for the brand (share links once approved); invite_only: only invited advocates join',
});

/** A reward rule: a percentage of the conversion's value, or a flat amount in its currency. */
export const RewardRule = Type.Object(
  {
    commission_type: CommissionTypeValue,
    commission_value: Money({ minimum: 0, description: 'At least 0; a percentage at most 100' }),
  },
  { additionalProperties: false },
);
export type RewardRule = Static<typeof RewardRule>;

/**
 * Per event type, a rule overriding the campaign's commission_type/commission_value for that
 * type (e.g. a flat 2.00 per signup, 30% of subscription payments); types left out use the
 * campaign's rule.
 */
export const EventRewards = Type.Object(
  {
    purchase: Type.Optional(RewardRule),
    signup: Type.Optional(RewardRule),
    subscription: Type.Optional(RewardRule),
    subscription_created: Type.Optional(RewardRule),
    subscription_renewal: Type.Optional(RewardRule),
  } satisfies Record<(typeof EVENT_TYPES)[number], unknown>,
  { additionalProperties: false },
);
export type EventRewards = Static<typeof EventRewards>;

/** Renewals paid: null every one, 0 none, N those within N months of the customer's first payment. */
const recurringMonthsDescription =
  "null (default): every renewal pays for as long as the customer pays; 0: only the first payment; N: renewals paid within N months of the customer's first payment";

/** The campaign's free-text fields and their longest length, in the order the API lists them. */
const TEXT_LIMITS = {
  title: 255,
  category: 255,
  description: 5000,
  target_customers: 2000,
  location: 255,
  gender: 64,
  age_range: 64,
};
type TextField = keyof typeof TEXT_LIMITS;

/** One schema per free-text field, made by `schema` from the field's length limit. */
const textFields = <S extends TSchema>(schema: (maxLength: number) => S) =>
  Object.fromEntries(
    Object.entries(TEXT_LIMITS).map(([field, maxLength]) => [field, schema(maxLength)]),
  ) as Record<TextField, S>;

/**
 * The campaign rules, shared by create and update and by JSON and multipart (where every value
 * arrives as text and is converted first). No field is required (create needs `brand`).
 * Left out = default (create) or unchanged (update); null clears an optional field.
 */
const campaignFields = {
  ...textFields((maxLength) => Type.Optional(Nullable(Type.String({ maxLength })))),
  budget_limit: Type.Optional(
    Nullable(
      Money({ minimum: LIMITS.budgetLimitMin, description: 'At least 0; caps the rewards paid' }),
    ),
  ),
  product_url: Type.Optional(Nullable(HttpUrl)),
  duration: Type.Optional(
    Nullable(
      Type.Integer({ minimum: LIMITS.campaignDurationMin, maximum: 3650, description: 'Days' }),
    ),
  ),
  status: Type.Optional(CampaignStatusValue),
  product_ids: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: LIMITS.idMax }), {
      maxItems: 100,
      description: 'Products of the campaign\'s brand; in multipart a JSON string such as "[1,2]"',
    }),
  ),
  commission_type: Type.Optional(CommissionTypeValue),
  commission_value: Type.Optional(
    Money({ minimum: 0, description: 'At least 0; a percentage at most 100' }),
  ),
  event_rewards: Type.Optional(
    Type.Union([EventRewards, Type.Null()], {
      description:
        'Rules per event type (purchase, signup, subscription, subscription_created, subscription_renewal); null clears them. In multipart a JSON string',
    }),
  ),
  forbid_paid_ads: Type.Optional(
    Type.Boolean({
      description:
        'Hold for review the conversions of clicks bought from ad networks (gclid, fbclid, …). Default false',
    }),
  ),
  recurring_months: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: LIMITS.recurringMonthsMax }), Type.Null()], {
      description: recurringMonthsDescription,
    }),
  ),
  join_mode: Type.Optional(JoinModeValue),
  auto_approve: Type.Optional(
    Type.Boolean({
      description:
        "Approve an application at once when the advocate's email is verified and no fraud rule (disposable domain, self-referral) matches. Default false",
    }),
  ),
};

export const CreateCampaignBody = Type.Object({ brand: IdInput, ...campaignFields });
export type CreateCampaignBody = Static<typeof CreateCampaignBody>;

export const UpdateCampaignBody = Type.Object(campaignFields);
export type UpdateCampaignBody = Static<typeof UpdateCampaignBody>;

export const CampaignProductRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  product_url: NullableString,
});
export type CampaignProductRef = Static<typeof CampaignProductRef>;

export const CampaignView = Type.Object({
  id: Type.Integer(),
  campaign_id: Type.String({ description: "Public id, e.g. 'CMP-7F3K2QXM'" }),
  ...textFields(() => NullableString),
  budget_limit: Nullable(Type.Number()),
  product_url: NullableString,
  duration: Nullable(Type.Integer()),
  status: CampaignStatusValue,
  video: Nullable(Type.String({ description: 'Signed URL; only for the owner and staff' })),
  brand: Type.Integer({ description: 'Brand id' }),
  brand_name: Type.String(),
  commission_type: CommissionTypeValue,
  commission_value: Type.Number(),
  event_rewards: EventRewards,
  forbid_paid_ads: Type.Boolean(),
  join_mode: JoinModeValue,
  auto_approve: Type.Boolean(),
  recurring_months: Type.Union([Type.Integer(), Type.Null()], {
    description: recurringMonthsDescription,
  }),
  products: Type.Array(CampaignProductRef),
  product_ids: Type.Array(Type.Integer()),
  created_at: DateTime(),
});
export type CampaignView = Static<typeof CampaignView>;

/** GET campaign/list/: every active campaign, for advocates. */
export const CampaignListReply = Type.Array(CampaignView);
export type CampaignListReply = Static<typeof CampaignListReply>;

export const CampaignWriteReply = SuccessReply({
  message: Type.String(),
  campaign: CampaignView,
  notice: Type.Optional(
    Type.String({
      description:
        'Set when the campaign was saved as a draft (inactive) because it has no title or no reward: what it needs before it can go live',
    }),
  ),
});
export type CampaignWriteReply = Static<typeof CampaignWriteReply>;
export const BrandCampaignsReply = SuccessReply({ campaigns: Type.Array(CampaignView) });
export type BrandCampaignsReply = Static<typeof BrandCampaignsReply>;
